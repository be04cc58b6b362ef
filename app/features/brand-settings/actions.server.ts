import { data, type RouterContextProvider } from "react-router";
import { ImageProblem } from "#app/business/images.server.ts";
import { BadRequest } from "#app/lib/http.server.ts";
import { isMultipart, readMultipart, UploadRejected } from "#app/lib/multipart.server.ts";
import { services } from "#app/lib/services.server.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches } from "#app/features/console/session-store.server.ts";
import { consoleForm } from "#app/features/console/console.server.ts";
import { businessBrand } from "#app/business/brand.server.ts";
import { BRAND_IMAGES, type BrandImage } from "#app/business/brand.ts";
import { checkBrand, formFields, type FieldErrors } from "#app/features/brand-settings/schema.ts";
import {
  BRAND_IMAGE_MAX_BYTES,
  encodeBrandImage,
  resetBrandImage,
  saveBrand,
  saveBrandImage,
} from "#app/features/brand-settings/brand.server.ts";

/**
 * POST /admin/brand (administrators; the route checks the role): the links
 * form (url-encoded), putting an image back to the sample (url-encoded,
 * `intent=reset`), or an image's upload (multipart: `kind` and the file
 * `image`, at most 5 MB). Bad input answers 400 with the field's message
 * and the values sent, and saves nothing; a malformed request is a 400 too.
 */
export type ImageError = "brand.error.imageType" | "brand.error.imageSize" | "brand.error.imageMissing" | "brand.error.imageSmall";
export type BrandResult =
  | { ok: "saved" | "unchanged" | "image" }
  | { errors: FieldErrors; values: Record<string, string> }
  | { imageError: ImageError; kind: BrandImage };

const badRequest = (code: string) => data({ res_status: 400, message: code, errors: {} }, { status: 400 });
const imageKind = (value: unknown): BrandImage | null =>
  (BRAND_IMAGES as readonly unknown[]).includes(value) ? (value as BrandImage) : null;
const refuseImage = (kind: BrandImage, imageError: ImageError) => data<BrandResult>({ imageError, kind }, { status: 400 });

export async function brandAction(request: Request, context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  const { db } = services(context);
  if (isMultipart(request)) {
    let body;
    try {
      body = await readMultipart(request, { fileField: "image", maxFiles: 1, maxFileBytes: BRAND_IMAGE_MAX_BYTES, maxFields: 4 });
    } catch (error) {
      const kind = error instanceof UploadRejected ? imageKind(error.fields.kind) : null;
      if (error instanceof UploadRejected && kind && csrfMatches(who, error.fields.csrf)) {
        return refuseImage(kind, error.code === "too_large" ? "brand.error.imageSize" : "brand.error.imageType");
      }
      if (error instanceof BadRequest) throw badRequest(error.code);
      throw error;
    }
    try {
      if (!csrfMatches(who, body.fields.csrf)) throw forbidden();
      const kind = imageKind(body.fields.kind);
      if (!kind) throw badRequest("malformed");
      const file = body.files[0];
      if (!file || file.size === 0) return refuseImage(kind, "brand.error.imageMissing");
      try {
        const image = await encodeBrandImage(kind, { path: file.path, head: file.head });
        await saveBrandImage(db, who, kind, image);
      } catch (error) {
        if (!(error instanceof ImageProblem)) throw error;
        return refuseImage(kind, error.code === "small" ? "brand.error.imageSmall" : "brand.error.imageType");
      }
      return data<BrandResult>({ ok: "image" });
    } finally {
      await body.discard();
    }
  }
  const { form } = await consoleForm(request, context, 32 * 1024);
  if (form.get("intent") === "reset") {
    const kind = imageKind(form.get("kind"));
    if (!kind) throw badRequest("malformed");
    return data<BrandResult>({ ok: await resetBrandImage(db, who, kind) });
  }
  const fields = formFields(form);
  const checked = checkBrand(fields, await businessBrand(db));
  if (!checked.ok) return data<BrandResult>({ errors: checked.errors, values: fields }, { status: 400 });
  return data<BrandResult>({ ok: await saveBrand(db, who, checked.brand) });
}
