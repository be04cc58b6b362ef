import { redirect, type RouterContextProvider, href } from "react-router";
import { localeOf } from "#app/i18n/route.server.ts";
import { isLocale, LANG_QUERY } from "#app/i18n/locales.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { readUrlEncoded } from "#app/lib/http.server.ts";
import { formAction, formFailedBy, formInvalid } from "#app/web/form-action.server.ts";
import { validate } from "#app/lib/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { contentSubmissionId } from "#app/requests/record.server.ts";
import { writeFlash } from "#app/lib/flash.server.ts";
import { statusPathFor } from "#app/requests/status-answer.server.ts";
import { sourceOfForm } from "#app/requests/source.server.ts";
import type { RequestSource } from "#app/requests/source.ts";
import { maskPhone } from "#app/requests/mask.ts";
import {
  consultationFormSchema,
  formStateFromForm,
  formValues,
  toConsultation,
  MESSAGES,
  type ConsultationOutput,
} from "#app/features/consultation/schema.ts";
import { isDoNotContact } from "#app/requests/do-not-contact.server.ts";
import { storeConsultation } from "#app/features/consultation/store.server.ts";
import { computeCheck, type ComputedCheck } from "#app/features/eligibility/consultation-check.server.ts";
import { sentCheckOf } from "#app/features/eligibility/query.ts";
import { CHECK_FIELD, SHARE_CHECK_FIELD } from "#app/features/eligibility/share.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";

/** Rate-limit bucket shared by the API and the form's action (per client IP). */
export const RATE_BUCKET = "consultation";
/** Form bodies are small: six short answers, two ticks and an id. */
export const BODY_LIMIT = 16 * 1024;

/** The eligibility check the request carries, recomputed by the server; null when none (or its answers are not valid). */
export async function consultationCheck(
  context: Readonly<RouterContextProvider>,
  consultation: ConsultationOutput,
): Promise<ComputedCheck | null> {
  if (!consultation.check) return null;
  return computeCheck(services(context).db, localeOf(context), consultation.check, consultation.answers);
}

/**
 * A request from a number that refused contact (issue 48 item 5) is never
 * accepted and then silently left uncalled: unless its sender said this
 * request may be called (`contactOk`, asked on the form when this answers
 * true), it is refused with the question.
 */
export async function mustAskContact(context: Readonly<RouterContextProvider>, consultation: ConsultationOutput): Promise<boolean> {
  return !consultation.contactOk && (await isDoNotContact(services(context).db, consultation.answers.phone));
}

/** Stores an accepted request (idempotent on its submission id) and logs it without personal data. */
export async function acceptConsultation(
  context: Readonly<RouterContextProvider>,
  consultation: ConsultationOutput,
  via: "api" | "form",
  computedCheck: ComputedCheck | null = null,
  source: RequestSource = {},
) {
  const app = services(context);
  const stored = await storeConsultation(requestStore(context), { ...consultation, lang: localeOf(context), computedCheck }, source);
  app.log.info("consultation.accepted", { id: stored.id, created: stored.created, via, requestId: context.get(requestContext).requestId });
  return stored;
}

function completeUrl(request: Request): string {
  const lang = new URL(request.url).searchParams.get(LANG_QUERY);
  const path = href("/loan-consultation-complete");
  return isLocale(lang) ? `${path}?${LANG_QUERY}=${lang}` : path;
}

/**
 * The form posted without JavaScript (or before it loaded), through the
 * shared form pipeline (lib/form-action.server.ts): the same rules and the
 * same storage as the API; errors are rendered by the server with everything
 * typed kept; success redirects to the completion page with the masked phone
 * in a signed flash cookie, never in the URL.
 */
export const consultationFormAction = formAction(RATE_BUCKET, async ({ request, context }) => {
  const app = services(context);
  const form = await readUrlEncoded(request, BODY_LIMIT);
  const state = formStateFromForm(form);
  // A bot filled the hidden field: it sees success, nothing is stored.
  if (isSpam(form.get(HONEYPOT_FIELD))) return redirect(completeUrl(request));

  const result = validate(consultationFormSchema, state, { crossField: true });
  if (!result.success) {
    // A forged submission id: the form comes back without it (the browser makes a new one).
    const values = formValues(result.errors.submissionId ? { ...state, submissionId: "" } : state);
    return formInvalid(result.errors, values);
  }
  const { submissionId, ...content } = result.output;
  let token: string;
  try {
    // Posted before or without JavaScript: the same answers within minutes are the same request.
    const id = submissionId || contentSubmissionId(app.secret, RATE_BUCKET, content);
    // The check's answers go with the request only when the visitor ticked the box; a check that is not valid is left out.
    const shared = form.get(SHARE_CHECK_FIELD) === "Y" ? sentCheckOf(form.get(CHECK_FIELD) ?? "") : null;
    const consultation = toConsultation({ ...result.output, submissionId: id, check: shared });
    if (await mustAskContact(context, consultation)) return formInvalid({ contactOk: MESSAGES.contactOk }, formValues(state));
    const source = sourceOfForm(request, Object.fromEntries(form));
    token = (await acceptConsultation(context, consultation, "form", await consultationCheck(context, consultation), source)).statusToken;
  } catch (error) {
    return formFailedBy(error, { context }, "consultation.failed", { values: formValues(state), fields: { via: "form" } });
  }
  const flash = { maskedPhone: maskPhone(result.output.phone), statusPath: statusPathFor(context, token) };
  return redirect(completeUrl(request), { headers: { "Set-Cookie": await writeFlash(app.secret, flash, app.secureCookies) } });
});
