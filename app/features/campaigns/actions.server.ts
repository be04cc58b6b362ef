import { data, type RouterContextProvider } from "react-router";
import { BadRequest, formObject, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches, type SignedIn } from "#app/features/console/session-store.server.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { isMultipart, readMultipart, UploadRejected, type UploadedFile } from "#app/lib/multipart.server.ts";
import { BANNER_IMAGE, POPUP_IMAGE } from "#app/features/campaigns/model.ts";
import { bannerSchema, CAMPAIGN_IMAGE_MAX_BYTES, popupSchema, type BannerInput, type PopupInput } from "#app/features/campaigns/schema.ts";
import {
  CampaignImageProblem,
  encodeCampaignImage,
  storeCampaignImages,
  type EncodedImage,
} from "#app/features/campaigns/images.server.ts";
import { gapErrors } from "#app/features/console/ad-approval-schema.ts";
import {
  CampaignProblem,
  deleteBanner,
  moveBanner,
  publicationGaps,
  publishBanner,
  saveBanner,
  savePopup,
  setBannerEnabled,
} from "#app/features/campaigns/campaigns.server.ts";

/**
 * The console's campaign actions (issue 14). Bad input answers 400 with
 * the message of each field (console catalog keys) and the values sent, and
 * changes nothing; a malformed request is a 400 too, never a 500.
 */
export type CampaignFormResult = { ok: "saved" | "published"; id: number } | { errors: FieldErrors; values: Record<string, string> };
export type CampaignListResult =
  | { ok: "moved" | "enabled" | "disabled" | "published" | "deleted"; id: number }
  | { error: "missing" }
  | { error: "unapproved"; id: number; fields: string[] };

interface CampaignForm {
  who: SignedIn;
  fields: Record<string, string>;
  image?: UploadedFile;
  discard(): Promise<void>;
}

const refused = (errors: FieldErrors, values: Record<string, string>) =>
  data<CampaignFormResult>({ errors, values: withoutCsrf(values) }, { status: 400 });

function withoutCsrf(values: Record<string, string>): Record<string, string> {
  const { csrf: _csrf, ...rest } = values;
  return rest;
}

/** A console form with an optional image (multipart), or url-encoded; the session's token is required (else 403). */
async function readCampaignForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CampaignForm | ReturnType<typeof refused>> {
  const who = signedIn(context);
  try {
    if (isMultipart(request)) {
      const body = await readMultipart(request, { fileField: "image", maxFiles: 1, maxFileBytes: CAMPAIGN_IMAGE_MAX_BYTES, maxFields: 40 });
      if (!csrfMatches(who, body.fields.csrf)) {
        await body.discard();
        throw forbidden();
      }
      return { who, fields: body.fields, image: body.files[0], discard: body.discard };
    }
    const form = await readUrlEncoded(request, 32 * 1024);
    if (!csrfMatches(who, form.get("csrf"))) throw forbidden();
    return { who, fields: formObject(form), discard: async () => {} };
  } catch (error) {
    if (error instanceof UploadRejected && csrfMatches(who, error.fields.csrf)) {
      const image = error.code === "too_large" ? "campaigns.error.imageSize" : "campaigns.error.imageType";
      return refused({ image }, error.fields);
    }
    if (error instanceof BadRequest) throw data({ res_status: 400, message: error.code, errors: {} }, { status: 400 });
    throw error;
  }
}

/**
 * The form's fields checked by its schema, and its image (if one was sent)
 * checked and encoded for `box`: every problem at once, the image's too.
 */
async function checkForm<S extends typeof bannerSchema | typeof popupSchema>(
  form: CampaignForm,
  schema: S,
  box: { width: number; height: number },
  imageRequired: boolean,
) {
  const checked = validate(schema, form.fields, { crossField: true });
  const errors: FieldErrors = checked.success ? {} : { ...checked.errors };
  if (imageRequired && !form.image) errors.image ??= "campaigns.error.imageRequired";
  let images: EncodedImage[] | undefined;
  if (form.image && !errors.image) {
    try {
      images = await encodeCampaignImage({ path: form.image.path, head: form.image.head }, box);
    } catch (error) {
      if (!(error instanceof CampaignImageProblem)) throw error;
      errors.image = "campaigns.error.imageType";
    }
  }
  return { output: checked.success && !Object.keys(errors).length ? checked.output : null, errors, images };
}

/** POST /admin/campaigns/banners/:id (or `new`): save as a draft or publish. */
export async function bannerAction(request: Request, context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const id = idParam === "new" ? null : positiveId(idParam);
  if (idParam !== "new" && id === null) throw data({ error: "missing" }, { status: 404 });
  const form = await readCampaignForm(request, context);
  if (!("who" in form)) return form;
  const { db } = services(context);
  try {
    const { output, errors, images } = await checkForm(form, bannerSchema, BANNER_IMAGE, id === null);
    if (!output) return refused(errors, form.fields);
    const publish = form.fields.intent === "publish";
    // A published banner saves with "publish" too: its approvals are checked before anything is stored (issue 35),
    // unless it is being switched off: an ad that shows nothing needs no approval, and switching one off is never refused.
    const gaps = publish && (output as BannerInput).enabled ? await publicationGaps(db, output as BannerInput, new Date()) : [];
    if (gaps.length) return refused(gapErrors(gaps), form.fields);
    try {
      const urls = images ? await storeCampaignImages(db, images) : undefined;
      const saved = await saveBanner(db, form.who, id, output as BannerInput, { image: urls, publish });
      return data<CampaignFormResult>({ ok: saved.published ? "published" : "saved", id: saved.id });
    } catch (error) {
      if (error instanceof CampaignProblem) {
        if (error.code === "missing") throw data({ error: "missing" }, { status: 404 });
        if (error.code === "unapproved") return refused(gapErrors(error.gaps), form.fields);
        return refused(
          error.code === "key_taken" ? { partner_key: "campaigns.error.keyTaken" } : { image: "campaigns.error.imageRequired" },
          form.fields,
        );
      }
      throw error;
    }
  } finally {
    await form.discard();
  }
}

/** POST /admin/campaigns/popup. */
export async function popupAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readCampaignForm(request, context);
  if (!("who" in form)) return form;
  const { db } = services(context);
  try {
    const { output, errors, images } = await checkForm(form, popupSchema, POPUP_IMAGE, false);
    if (!output) return refused(errors, form.fields);
    const publish = form.fields.intent === "publish";
    const gaps = publish && (output as PopupInput).enabled ? await publicationGaps(db, output as PopupInput, new Date()) : [];
    if (gaps.length) return refused(gapErrors(gaps), form.fields);
    try {
      const urls = images ? await storeCampaignImages(db, images) : undefined;
      const saved = await savePopup(db, form.who, output as PopupInput, { image: urls, publish });
      return data<CampaignFormResult>({ ok: saved.published ? "published" : "saved", id: 0 });
    } catch (error) {
      if (error instanceof CampaignProblem && error.code === "unapproved") return refused(gapErrors(error.gaps), form.fields);
      throw error;
    }
  } finally {
    await form.discard();
  }
}

/** POST /admin/campaigns: move up/down, switch on/off, publish, delete. */
export async function listAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readCampaignForm(request, context);
  if (!("who" in form)) return data<CampaignListResult>({ error: "missing" }, { status: 400 });
  const { db } = services(context);
  const id = positiveId(form.fields.id);
  const intent = form.fields.intent;
  if (!id) return data<CampaignListResult>({ error: "missing" }, { status: 400 });
  try {
    if (intent === "up" || intent === "down") {
      await moveBanner(db, form.who, id, intent);
      return data<CampaignListResult>({ ok: "moved", id });
    }
    if (intent === "enable" || intent === "disable") {
      await setBannerEnabled(db, form.who, id, intent === "enable");
      return data<CampaignListResult>({ ok: intent === "enable" ? "enabled" : "disabled", id });
    }
    if (intent === "publish") {
      await publishBanner(db, form.who, id);
      return data<CampaignListResult>({ ok: "published", id });
    }
    if (intent === "delete") {
      await deleteBanner(db, form.who, id);
      return data<CampaignListResult>({ ok: "deleted", id });
    }
  } catch (error) {
    if (error instanceof CampaignProblem && error.code === "unapproved")
      return data<CampaignListResult>({ error: "unapproved", id, fields: error.gaps.map((g) => g.field) }, { status: 400 });
    if (error instanceof CampaignProblem) return data<CampaignListResult>({ error: "missing" }, { status: 400 });
    throw error;
  }
  return data<CampaignListResult>({ error: "missing" }, { status: 400 });
}
