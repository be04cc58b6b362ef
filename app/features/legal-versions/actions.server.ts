import { data, redirect, type RouterContextProvider } from "react-router";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { isIsoDay, todayInSeoul } from "#app/lib/seoul-time.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches } from "#app/features/console/session-store.server.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { POLICY_LANGS, isPolicyKind, type LegalLang } from "#app/features/legal/links.ts";
import { renderLegalPreview, type LegalFactsSource } from "#app/features/legal/documents.server.ts";
import { FORM_BYTES_MAX, legalVersionSchema } from "#app/features/legal-versions/schema.ts";
import {
  LegalVersionProblem,
  createLegalVersion,
  hasOwnVersion,
  updateLegalVersion,
  withdrawLegalVersion,
} from "#app/features/legal-versions/legal-versions.server.ts";

/**
 * The console's legal-version actions (issue 36), administrators only (the
 * routes check the role). Saving a date sooner than the notice period allows
 * answers 400 with the field's message and the texts sent, and saves nothing;
 * "preview" renders one language's text as the site will show it, saving
 * nothing; a malformed request is a 400 too.
 */
export type LegalFormResult =
  { errors: FieldErrors; values: Record<string, string> } | { preview: { lang: LegalLang; html: string }; values: Record<string, string> };
export type LegalListResult = { error: "missing" | "in_force" };

export const LEGAL_LIST_PATH = "/admin/legal";

async function readForm(request: Request, context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  try {
    const form = await readUrlEncoded(request, FORM_BYTES_MAX);
    if (!csrfMatches(who, form.get("csrf"))) throw forbidden();
    return { who, form };
  } catch (error) {
    if (error instanceof BadRequest) throw data({ res_status: 400, message: error.code, errors: {} }, { status: 400 });
    throw error;
  }
}

const isLegalLang = (value: unknown): value is LegalLang => (POLICY_LANGS as readonly unknown[]).includes(value);

/**
 * POST /admin/legal/new and /admin/legal/:id: preview, save (schedule, or
 * put a first own version in force today) or withdraw. `facts` are the live
 * products' (the route reads them), for the preview.
 */
export async function legalVersionFormAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  facts: LegalFactsSource,
  idParam?: string,
  now = new Date(),
) {
  const id = idParam === undefined ? null : positiveId(idParam);
  if (idParam !== undefined && !id) throw data({ error: "missing" }, { status: 404 });
  const { who, form } = await readForm(request, context);
  const { db } = services(context);
  const { csrf: _csrf, intent, preview_lang: previewLang, ...values } = Object.fromEntries(form.entries());
  const today = todayInSeoul(now);
  if (intent === "withdraw" && id) return withdraw(db, who, id, now);
  if (intent === "preview") {
    const lang = isLegalLang(previewLang) ? previewLang : "ko";
    const day = isIsoDay(values.effective_on ?? "") ? values.effective_on! : today;
    const html = await renderLegalPreview(db, (values[`body_${lang}`] ?? "").slice(0, 200_000), lang, facts, day, now);
    return data<LegalFormResult>({ preview: { lang, html }, values });
  }
  // Only a new version can be a document's first own one; an edited version is already the business's.
  const firstOwn = !id && isPolicyKind(values.kind) && !(await hasOwnVersion(db, values.kind));
  const checked = validate(legalVersionSchema(today, firstOwn), values, { crossField: true });
  if (!checked.success) return data<LegalFormResult>({ errors: checked.errors, values }, { status: 400 });
  try {
    if (id) await updateLegalVersion(db, who, id, checked.output, now);
    else await createLegalVersion(db, who, checked.output, now);
  } catch (error) {
    if (error instanceof LegalVersionProblem) {
      if (error.code === "taken") return data<LegalFormResult>({ errors: { effective_on: "legal.error.taken" }, values }, { status: 400 });
      if (error.code === "notice")
        return data<LegalFormResult>({ errors: { effective_on: "legal.error.notice" }, values }, { status: 400 });
      throw data({ error: error.code }, { status: error.code === "missing" ? 404 : 409 });
    }
    throw error;
  }
  const done = id ? "updated" : checked.output.effective_on === today ? "published" : "scheduled";
  return redirect(`${LEGAL_LIST_PATH}?done=${done}`);
}

async function withdraw(db: Parameters<typeof withdrawLegalVersion>[0], who: ReturnType<typeof signedIn>, id: number, now: Date) {
  try {
    await withdrawLegalVersion(db, who, id, now);
  } catch (error) {
    if (error instanceof LegalVersionProblem && (error.code === "missing" || error.code === "in_force"))
      return data<LegalListResult>({ error: error.code }, { status: 409 });
    throw error;
  }
  return redirect(`${LEGAL_LIST_PATH}?done=withdrawn`);
}

/** POST /admin/legal: withdraw a version not in force yet. */
export async function legalListAction(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const { who, form } = await readForm(request, context);
  const id = positiveId(form.get("id"));
  if (!id || form.get("intent") !== "withdraw") return data<LegalListResult>({ error: "missing" }, { status: 400 });
  return withdraw(services(context).db, who, id, now);
}
