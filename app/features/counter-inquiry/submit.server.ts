import { href, redirect, type ActionFunctionArgs } from "react-router";
import { isSpam, HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { echoValues, formAction, formFailedBy, formInvalid } from "#app/web/form-action.server.ts";
import { BadRequest, formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { contentSubmissionId, withoutEmptyId } from "#app/requests/record.server.ts";
import { isSpamPayload, svcError, svcOk, translateErrors } from "#app/web/svc.server.ts";
import { localeOf, tFor } from "#app/i18n/route.server.ts";
import { writeFlash } from "#app/lib/flash.server.ts";
import { sourceOfForm, sourceOfPayload } from "#app/requests/source.server.ts";
import { statusPathFor, statusUrlFor } from "#app/requests/status-answer.server.ts";
import { bodyWithoutFiles, isMultipart, readMultipart, UploadRejected, type MultipartBody } from "#app/lib/multipart.server.ts";
import { reencodePhotos } from "#app/features/counter-inquiry/photos.server.ts";
import { createAsRequest, createPurchaseRequest, INQUIRY_BODY_LIMIT } from "#app/features/counter-inquiry/requests.server.ts";
import {
  INQUIRY_FIELDS,
  inquirySchema,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  photoCountError,
  validateInquiryForm,
  type InquiryType,
} from "#app/features/counter-inquiry/schema.ts";
import { requestStore } from "#app/features/alerts/context.server.ts";

const COMPLETE_PATH = href("/company/hitachi/complete");

/** Where a stored inquiry leads: the completion page, told the type. */
export function completeHref(type: InquiryType | undefined): string {
  return type ? `${COMPLETE_PATH}?type=${type}` : COMPLETE_PATH;
}

const API_FILE_FIELD = "file_param";
const FORM_BUCKET = "counter-inquiry-form";
const FORM_FILE_FIELD = "photos";

/**
 * An upload refused while it streamed (too many or too big files) is answered
 * at once with `Connection: close`: the server stops reading, and the rest of
 * the body is discarded, not kept.
 */
function uploadRejected(args: Pick<ActionFunctionArgs, "context">, error: UploadRejected): Response {
  const t = tFor(args.context);
  return svcError(400, t(`api.${error.code}`), translateErrors(t, error.errors), { Connection: "close" });
}

/** POST /svc/as/create (spec §7): multipart `json_param` + `file_param` × 1–3. */
export async function createAsFromApi(args: ActionFunctionArgs): Promise<Response> {
  const { request } = args;
  let body: MultipartBody;
  try {
    body = await readMultipart(request, {
      fileField: API_FILE_FIELD,
      maxFiles: MAX_PHOTOS,
      maxFileBytes: MAX_PHOTO_BYTES,
      textAsFile: ["json_param"],
    });
  } catch (error) {
    if (error instanceof UploadRejected) return uploadRejected(args, error);
    throw error;
  }
  // The photos' temporary files are removed whatever follows (an answer, a 400, an error).
  try {
    return await storeAsFromApi(args, body);
  } finally {
    await body.discard();
  }
}

async function storeAsFromApi({ context, request }: ActionFunctionArgs, body: MultipartBody): Promise<Response> {
  const raw = body.fields.json_param;
  if (raw === undefined) throw new BadRequest("invalid", { json_param: "counter.errors.jsonParam" });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new BadRequest("malformed", { json_param: "counter.errors.jsonParam" });
  }
  if (isSpamPayload(json)) return svcOk({ accepted: true, status_url: statusUrlFor(context, request, null) });
  const result = validate(inquirySchema("as"), json);
  if (!result.success) throw new BadRequest("invalid", result.errors);
  const countError = photoCountError(body.files.length);
  if (countError) throw new BadRequest("invalid", { [API_FILE_FIELD]: countError });
  const photos = await reencodePhotos(body.files, API_FILE_FIELD);
  const stored = await createAsRequest(requestStore(context), result.output, photos, localeOf(context), sourceOfPayload(json));
  return svcOk({ accepted: true, status_url: statusUrlFor(context, request, stored.statusToken) });
}

/**
 * The inquiry form posted without JavaScript (multipart, with the photos in
 * `photos`), through the shared form pipeline (lib/form-action.server.ts).
 * Success redirects to the completion page with the type in the query (the
 * type is not personal); errors come back under the fields.
 */
export const inquiryFormAction = formAction(FORM_BUCKET, async ({ request, context }) => {
  let body: MultipartBody;
  try {
    body = isMultipart(request)
      ? await readMultipart(request, { fileField: FORM_FILE_FIELD, maxFiles: MAX_PHOTOS, maxFileBytes: MAX_PHOTO_BYTES })
      : bodyWithoutFiles(formObject(await readUrlEncoded(request, INQUIRY_BODY_LIMIT)));
  } catch (error) {
    if (error instanceof UploadRejected) return invalid(error.errors, error.fields);
    throw error;
  }
  // The photos' temporary files are removed whatever follows.
  try {
    return await storeInquiryForm(body, request, context);
  } finally {
    await body.discard();
  }
});

async function storeInquiryForm(body: MultipartBody, request: Request, context: ActionFunctionArgs["context"]) {
  const { files } = body;
  const fields = withoutEmptyId(body.fields);
  const type = fields.type === "purchase" || fields.type === "as" ? fields.type : undefined;
  if (isSpam(fields[HONEYPOT_FIELD])) return redirect(completeHref(type), 303);

  const check = validateInquiryForm({ type: fields.type, agree: fields.agree, photoCount: files.length, fields });
  if (!check.success) return invalid(check.errors, fields);
  const store = services(context);
  const lang = localeOf(context);
  // Posted before or without JavaScript: the same content (and photo sizes) within minutes is the same inquiry.
  const output = {
    ...check.output,
    submission_id:
      check.output.submission_id ??
      contentSubmissionId(store.secret, check.type, { ...check.output, photos: files.map((file) => file.size) }),
  };
  const source = sourceOfForm(request, fields);
  let token: string;
  try {
    if (check.type === "as") {
      const photos = await reencodePhotos(files, FORM_FILE_FIELD);
      token = (await createAsRequest(requestStore(context), output, photos, lang, source)).statusToken;
    } else {
      token = (await createPurchaseRequest(requestStore(context), output, lang, source)).statusToken;
    }
  } catch (error) {
    // A photo that is not an image (decided by its bytes): said under the photos.
    if (error instanceof BadRequest) return invalid(error.errors, fields);
    // The database away: the form again with what was typed (the photos must be attached again).
    return formFailedBy(error, { context }, "form.failed", { values: typedValues(fields), fields: { bucket: FORM_BUCKET } });
  }
  // The private status link reaches the completion page in its one-time flash (never in the URL).
  const flash = await writeFlash(
    store.secret,
    { statusPath: statusPathFor(context, token) },
    store.secureCookies,
    Date.now(),
    COMPLETE_PATH,
  );
  return redirect(completeHref(check.type), { status: 303, headers: { "Set-Cookie": flash } });
}

function invalid(errors: FieldErrors, fields: Record<string, string>) {
  return formInvalid(errors, typedValues(fields));
}

function typedValues(fields: Record<string, string>) {
  return echoValues(fields, ["type", ...INQUIRY_FIELDS], 3000);
}
