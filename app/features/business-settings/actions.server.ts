import { readFile } from "node:fs/promises";
import { data, type RouterContextProvider } from "react-router";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { isMultipart, readMultipart, UploadRejected } from "#app/lib/multipart.server.ts";
import { services } from "#app/lib/services.server.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches } from "#app/features/console/session-store.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { checkIdentity, formFields, type FieldErrors } from "#app/features/business-settings/schema.ts";
import { CERTIFICATE_MAX_BYTES, isPdf, saveCertificate, saveIdentity } from "#app/features/business-settings/business.server.ts";
import { checkModules, MODULES_INTENT } from "#app/features/business-settings/modules-schema.ts";
import { saveModules } from "#app/features/business-settings/modules.server.ts";
import { checkReviewer, REVIEWER_INTENT } from "#app/features/business-settings/reviewer.ts";
import { saveReviewerRole } from "#app/features/business-settings/reviewer.server.ts";
import { checkProcessors, PROCESSORS_INTENT } from "#app/features/business-settings/processors-schema.ts";
import { saveProcessors } from "#app/features/business-settings/processors.server.ts";

/**
 * POST /admin/business (administrators; the route checks the role): the
 * identity form (url-encoded), or the certificate's upload (multipart, a
 * PDF of at most 5 MB). Bad input answers 400 with each field's message and
 * the values sent, and saves nothing; a malformed request is a 400 too.
 * With `intent=modules`: the lines of business switched on (issue 47); with
 * `intent=reviewer`: who reviews the ads (issue 48); with `intent=processors`: the processors the privacy policy names (issue 52).
 */
export type BusinessResult =
  | { ok: "saved" | "unchanged" | "certificate" | "modules" | "reviewer" | "processors" }
  | { modulesErrors: FieldErrors }
  | { reviewerErrors: FieldErrors }
  | { processorsErrors: FieldErrors; processorsValues: Record<string, string> }
  | { errors: FieldErrors; values: Record<string, string> }
  | { certificateError: "business.error.certificateType" | "business.error.certificateSize" | "business.error.certificateMissing" };

const badRequest = (code: string) => data({ res_status: 400, message: code, errors: {} }, { status: 400 });

export async function businessAction(request: Request, context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  const { db } = services(context);
  if (isMultipart(request)) {
    let body;
    try {
      body = await readMultipart(request, { fileField: "certificate", maxFiles: 1, maxFileBytes: CERTIFICATE_MAX_BYTES, maxFields: 4 });
    } catch (error) {
      if (error instanceof UploadRejected && csrfMatches(who, error.fields.csrf)) {
        const certificateError = error.code === "too_large" ? "business.error.certificateSize" : "business.error.certificateType";
        return data<BusinessResult>({ certificateError }, { status: 400 });
      }
      if (error instanceof BadRequest) throw badRequest(error.code);
      throw error;
    }
    try {
      if (!csrfMatches(who, body.fields.csrf)) throw forbidden();
      const file = body.files[0];
      if (!file) return data<BusinessResult>({ certificateError: "business.error.certificateMissing" }, { status: 400 });
      const bytes = new Uint8Array(await readFile(file.path));
      if (!isPdf(bytes)) return data<BusinessResult>({ certificateError: "business.error.certificateType" }, { status: 400 });
      await saveCertificate(db, who, bytes);
      return data<BusinessResult>({ ok: "certificate" });
    } finally {
      await body.discard();
    }
  }
  let form: URLSearchParams;
  try {
    form = await readUrlEncoded(request, 32 * 1024);
  } catch (error) {
    if (error instanceof BadRequest) throw badRequest(error.code);
    throw error;
  }
  if (!csrfMatches(who, form.get("csrf"))) throw forbidden();
  if (form.get("intent") === MODULES_INTENT) {
    const modules = checkModules(form);
    if (!modules.ok) return data<BusinessResult>({ modulesErrors: modules.errors }, { status: 400 });
    return data<BusinessResult>({ ok: await saveModules(db, who, modules.modules) });
  }
  if (form.get("intent") === REVIEWER_INTENT) {
    const reviewer = checkReviewer(form);
    if (!reviewer.ok) return data<BusinessResult>({ reviewerErrors: reviewer.errors }, { status: 400 });
    return data<BusinessResult>({ ok: await saveReviewerRole(db, who, reviewer.role) });
  }
  if (form.get("intent") === PROCESSORS_INTENT) {
    const checked = checkProcessors(form);
    if (!checked.ok) return data<BusinessResult>({ processorsErrors: checked.errors, processorsValues: checked.values }, { status: 400 });
    return data<BusinessResult>({ ok: await saveProcessors(db, who, checked.processors) });
  }
  const fields = formFields(form);
  const current = await businessIdentity(db);
  const checked = checkIdentity(fields, current.certificateUrl);
  if (!checked.ok) return data<BusinessResult>({ errors: checked.errors, values: fields }, { status: 400 });
  return data<BusinessResult>({ ok: await saveIdentity(db, who, checked.identity) });
}
