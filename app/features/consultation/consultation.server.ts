import { data, redirect, type ActionFunctionArgs, type RouterContextProvider } from "react-router";
import { localeOf } from "#app/i18n/route.server.ts";
import { isLocale, LANG_QUERY } from "#app/i18n/locales.ts";
import { HONEYPOT_FIELD, isSpam } from "#app/lib/honeypot.ts";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate } from "#app/lib/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { rateLimited } from "#app/lib/svc.server.ts";
import { writeFlash } from "#app/features/consultation/flash.server.ts";
import { maskPhone } from "#app/features/consultation/mask.ts";
import { consultationFormSchema, emptyFormState, formStateFromForm, toConsultation, type ConsultationOutput, type FormActionData } from "#app/features/consultation/schema.ts";
import { storeConsultation } from "#app/features/consultation/store.server.ts";

/** Rate-limit bucket shared by the API and the form's action (per client IP). */
export const RATE_BUCKET = "consultation";
export const COMPLETE_PATH = "/loan-consultation-complete";
/** Form bodies are small: six short answers, two ticks and an id. */
export const BODY_LIMIT = 16 * 1024;

/** Stores an accepted request (idempotent on its submission id) and logs it without personal data. */
export async function acceptConsultation(context: Readonly<RouterContextProvider>, consultation: ConsultationOutput, via: "api" | "form") {
  const app = services(context);
  const stored = await storeConsultation(app, { ...consultation, lang: localeOf(context) });
  app.log.info("consultation.accepted", { id: stored.id, created: stored.created, via, requestId: context.get(requestContext).requestId });
  return stored;
}

function completeUrl(request: Request): string {
  const lang = new URL(request.url).searchParams.get(LANG_QUERY);
  return isLocale(lang) ? `${COMPLETE_PATH}?${LANG_QUERY}=${lang}` : COMPLETE_PATH;
}

/**
 * The form posted without JavaScript (or before it loaded): the same rules
 * and the same storage as the API; errors are rendered by the server with
 * everything typed kept; success redirects to the completion page with the
 * masked phone in a signed flash cookie, never in the URL.
 */
export async function consultationFormAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const app = services(context);
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, BODY_LIMIT);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return data<FormActionData>({ values: emptyFormState(newSubmissionId()), errors: {}, formError: "consultation.errors.submitFailed" }, { status: 400 });
  }
  const values = formStateFromForm(form);

  const wait = rateLimited(args, RATE_BUCKET);
  if (wait > 0) {
    return data<FormActionData>({ values, errors: {}, formError: "consultation.errors.rateLimited" }, { status: 429, headers: { "Retry-After": String(wait) } });
  }
  // A bot filled the hidden field: it sees success, nothing is stored.
  if (isSpam(form.get(HONEYPOT_FIELD))) return redirect(completeUrl(request));

  const result = validate(consultationFormSchema, values, { crossField: true });
  if (!result.success) {
    const { submissionId: badId, ...errors } = result.errors;
    return data<FormActionData>(
      {
        values: badId ? { ...values, submissionId: newSubmissionId() } : values,
        errors,
        formError: badId ? "consultation.errors.submitFailed" : "consultation.status.checkFields",
      },
      { status: 400 },
    );
  }
  try {
    await acceptConsultation(context, toConsultation(result.output), "form");
  } catch (error) {
    app.log.error("consultation.failed", { via: "form", requestId: context.get(requestContext).requestId }, error);
    return data<FormActionData>({ values, errors: {}, formError: "consultation.errors.submitFailed" }, { status: 503 });
  }
  return redirect(completeUrl(request), {
    headers: { "Set-Cookie": await writeFlash(app.secret, maskPhone(result.output.phone), app.secureCookies) },
  });
}
