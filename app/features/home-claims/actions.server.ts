import { data, href, redirect, type RouterContextProvider } from "react-router";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { SECTIONS, type ClaimSection } from "#app/features/home-claims/model.ts";
import { figuresSchema, formFields, reviewSchema, type FiguresInput } from "#app/features/home-claims/schema.ts";
import {
  ClaimsProblem,
  saveFigures,
  saveReview,
  setSectionHidden,
  smallestProductAmount,
} from "#app/features/home-claims/home-claims.server.ts";

/**
 * The console's actions on the home page's figures and reviews (issue 35,
 * item 4), administrators only (the routes check the role). Bad input — four
 * figures that cannot all be true, a review confirmed without the customer's
 * consent date — answers 400 with each field's message and the values sent,
 * and changes nothing; a malformed request is a 400 too.
 */
export type ClaimsFormResult =
  | { ok: "figures" | "hidden" | "shown" | "saved" }
  | { form: "figures"; errors: FieldErrors; values: Record<string, string> }
  | { error: "missing" };
export type ReviewFormResult = { ok: "saved"; id: number } | { errors: FieldErrors; values: Record<string, string> };

/** Where a saved review leads: the list, which says it was saved (a reload posts nothing again). */
export const REVIEW_SAVED = `${href("/admin/home-claims")}?saved=review`;

const LIMIT = 64 * 1024;
const withoutCsrf = ({ csrf: _csrf, intent: _intent, ...values }: Record<string, string>) => values;

/** POST /admin/home-claims: save the figures, or hide or show a section. */
export async function claimsAction(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const { form, who } = await consoleForm(request, context, LIMIT);
  const { db } = services(context);
  const intent = form.get("intent");
  if (intent === "hide" || intent === "show") {
    const section = form.get("section");
    if (!(SECTIONS as readonly string[]).includes(section ?? "")) return data<ClaimsFormResult>({ error: "missing" }, { status: 400 });
    await setSectionHidden(db, who, section as ClaimSection, intent === "hide", now);
    return data<ClaimsFormResult>({ ok: intent === "hide" ? "hidden" : "shown" });
  }
  if (intent !== "figures") return data<ClaimsFormResult>({ error: "missing" }, { status: 400 });
  const fields = formFields(form);
  const checked = validate(figuresSchema(todayInSeoul(now), await smallestProductAmount(db, now)), fields, { crossField: true });
  if (!checked.success)
    return data<ClaimsFormResult>({ form: "figures", errors: checked.errors, values: withoutCsrf(fields) }, { status: 400 });
  await saveFigures(db, who, checked.output as FiguresInput, now);
  return data<ClaimsFormResult>({ ok: "figures" });
}

/** POST /admin/home-claims/reviews/:id ("new" adds one). */
export async function reviewAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  idParam: string | undefined,
  now = new Date(),
) {
  const id = idParam === "new" ? null : positiveId(idParam);
  if (id === null && idParam !== "new") throw data({ error: "missing" }, { status: 404 });
  const { form, who } = await consoleForm(request, context, LIMIT);
  const fields = formFields(form);
  const checked = validate(reviewSchema(todayInSeoul(now)), fields, { crossField: true });
  if (!checked.success) return data<ReviewFormResult>({ errors: checked.errors, values: withoutCsrf(fields) }, { status: 400 });
  try {
    await saveReview(services(context).db, who, id, checked.output, now);
  } catch (error) {
    if (error instanceof ClaimsProblem) throw data({ error: "missing" }, { status: 404 });
    throw error;
  }
  return redirect(REVIEW_SAVED);
}
