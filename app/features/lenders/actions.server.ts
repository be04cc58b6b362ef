import { data, redirect, type RouterContextProvider } from "react-router";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { lenderSchema } from "#app/features/lenders/schema.ts";
import {
  LENDER_LOGO,
  LenderProblem,
  createLender,
  deleteLender,
  setLenderLogo,
  updateLender,
} from "#app/features/lenders/lenders.server.ts";
import { BUSINESS_IMAGE_MAX_BYTES, ImageProblem, encodeImage } from "#app/business/images.server.ts";
import { BadRequest } from "#app/lib/http.server.ts";
import { isMultipart, readMultipart, UploadRejected } from "#app/lib/multipart.server.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches } from "#app/features/console/session-store.server.ts";

/**
 * The console's lender actions (issue 47, item 1), administrators only (the
 * routes check the role). Bad input answers 400 with each field's message
 * and the values sent, and changes nothing; a malformed request is a 400 too.
 */
export type LogoError = "lenders.error.imageType" | "lenders.error.imageSize" | "lenders.error.imageSmall" | "lenders.error.imageMissing";
export type LenderFormResult =
  { ok: "saved" | "created" | "logo"; id: number } | { errors: FieldErrors; values: Record<string, string> } | { logoError: LogoError };

const refuseLogo = (logoError: LogoError) => data<LenderFormResult>({ logoError }, { status: 400 });

/** The logo's upload (multipart: the file `logo`, at most 5 MB): encoded by its bytes, or refused beside its field. */
async function logoUpload(request: Request, context: Readonly<RouterContextProvider>, id: number) {
  const who = signedIn(context);
  let body;
  try {
    body = await readMultipart(request, { fileField: "logo", maxFiles: 1, maxFileBytes: BUSINESS_IMAGE_MAX_BYTES, maxFields: 2 });
  } catch (error) {
    if (error instanceof UploadRejected && csrfMatches(who, error.fields.csrf))
      return refuseLogo(error.code === "too_large" ? "lenders.error.imageSize" : "lenders.error.imageType");
    if (error instanceof BadRequest) throw data({ res_status: 400, message: error.code, errors: {} }, { status: 400 });
    throw error;
  }
  try {
    if (!csrfMatches(who, body.fields.csrf)) throw forbidden();
    const file = body.files[0];
    if (!file || file.size === 0) return refuseLogo("lenders.error.imageMissing");
    try {
      const image = await encodeImage(LENDER_LOGO, { path: file.path, head: file.head });
      await setLenderLogo(services(context).db, who, id, image);
    } catch (error) {
      if (error instanceof ImageProblem) return refuseLogo(error.code === "small" ? "lenders.error.imageSmall" : "lenders.error.imageType");
      if (error instanceof LenderProblem) throw data({ error: "missing" }, { status: 404 });
      throw error;
    }
    return data<LenderFormResult>({ ok: "logo", id });
  } finally {
    await body.discard();
  }
}
export type LenderListResult = { ok: "deleted" } | { error: "missing" | "in_use" };

/** POST /admin/lenders/new (create) or /admin/lenders/:id (save). */
export async function lenderEditAction(request: Request, context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const id = idParam === undefined ? null : positiveId(idParam);
  if (idParam !== undefined && !id) throw data({ error: "missing" }, { status: 404 });
  if (id !== null && isMultipart(request)) return logoUpload(request, context, id);
  const { who, form } = await consoleForm(request, context, 16 * 1024);
  if (id !== null && form.get("intent") === "remove-logo") {
    try {
      await setLenderLogo(services(context).db, who, id, null);
    } catch (error) {
      if (error instanceof LenderProblem) throw data({ error: "missing" }, { status: 404 });
      throw error;
    }
    return data<LenderFormResult>({ ok: "logo", id });
  }
  const { csrf: _csrf, ...values } = Object.fromEntries(form.entries());
  const checked = validate(lenderSchema, values);
  if (!checked.success) return data<LenderFormResult>({ errors: checked.errors, values }, { status: 400 });
  const { db } = services(context);
  try {
    if (id === null) {
      const created = await createLender(db, who, checked.output);
      throw redirect(`/admin/lenders/${created}?created=1`);
    }
    await updateLender(db, who, id, checked.output);
    return data<LenderFormResult>({ ok: "saved", id });
  } catch (error) {
    if (error instanceof LenderProblem && error.code === "taken")
      return data<LenderFormResult>({ errors: { legal_name: "lenders.error.taken" }, values }, { status: 400 });
    if (error instanceof LenderProblem) throw data({ error: "missing" }, { status: 404 });
    throw error;
  }
}

/** POST /admin/lenders: delete a lender no product names. */
export async function lenderListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { who, form } = await consoleForm(request, context, 16 * 1024);
  const id = positiveId(form.get("id"));
  if (!id || form.get("intent") !== "delete") return data<LenderListResult>({ error: "missing" }, { status: 400 });
  try {
    await deleteLender(services(context).db, who, id);
    return data<LenderListResult>({ ok: "deleted" });
  } catch (error) {
    if (error instanceof LenderProblem)
      return data<LenderListResult>({ error: error.code === "in_use" ? "in_use" : "missing" }, { status: 400 });
    throw error;
  }
}
