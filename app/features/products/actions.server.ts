import { data, type RouterContextProvider } from "react-router";
import { BadRequest, readUrlEncoded } from "#app/lib/http.server.ts";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { forbidden, signedIn } from "#app/features/console/guards.server.ts";
import { csrfMatches } from "#app/features/console/session-store.server.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { productFields, productSchema } from "#app/features/products/schema.ts";
import {
  ProductProblem,
  discardDraft,
  inputGaps,
  publishDraft,
  saveDraft,
  setProductEnabled,
} from "#app/features/products/products.server.ts";
import { gapErrors } from "#app/features/console/ad-approval-schema.ts";

/**
 * The console's product actions (issue 27), administrators only (the routes
 * check the role). Bad input — a rate above 20 % a year, a range upside down —
 * answers 400 with each field's message and the values sent, and changes
 * nothing; a malformed request is a 400 too.
 */
export type ProductFormResult = { ok: "saved" | "published"; id: number } | { errors: FieldErrors; values: Record<string, string> };
export type ProductListResult =
  | { ok: "enabled" | "disabled" | "published" | "discarded"; id: number }
  | { error: "missing" | "no_draft" }
  | { error: "unapproved"; id: number; fields: string[] };

async function readForm(request: Request, context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  try {
    const form = await readUrlEncoded(request, 32 * 1024);
    if (!csrfMatches(who, form.get("csrf"))) throw forbidden();
    return { who, form };
  } catch (error) {
    if (error instanceof BadRequest) throw data({ res_status: 400, message: error.code, errors: {} }, { status: 400 });
    throw error;
  }
}

/** POST /admin/products/:id: save the draft, or save and publish it. */
export async function productEditAction(request: Request, context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const id = positiveId(idParam);
  if (!id) throw data({ error: "missing" }, { status: 404 });
  const { who, form } = await readForm(request, context);
  const fields = productFields(form);
  const checked = validate(productSchema, fields, { crossField: true });
  const { csrf: _csrf, ...values } = fields;
  if (!checked.success) return data<ProductFormResult>({ errors: checked.errors, values }, { status: 400 });
  // Publishing without what the ad must state, or with an approval run out, saves nothing (issue 35).
  const gaps = form.get("intent") === "publish" ? inputGaps(checked.output) : [];
  if (gaps.length) return data<ProductFormResult>({ errors: gapErrors(gaps), values }, { status: 400 });
  const { db } = services(context);
  try {
    await saveDraft(db, who, id, checked.output);
    if (form.get("intent") === "publish") {
      await publishDraft(db, who, id);
      return data<ProductFormResult>({ ok: "published", id });
    }
    return data<ProductFormResult>({ ok: "saved", id });
  } catch (error) {
    if (error instanceof ProductProblem) throw data({ error: "missing" }, { status: 404 });
    throw error;
  }
}

/** POST /admin/products: switch on/off, publish or discard a draft. */
export async function productListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { who, form } = await readForm(request, context);
  const id = positiveId(form.get("id"));
  const intent = form.get("intent");
  if (!id) return data<ProductListResult>({ error: "missing" }, { status: 400 });
  const { db } = services(context);
  try {
    if (intent === "enable" || intent === "disable") {
      await setProductEnabled(db, who, id, intent === "enable");
      return data<ProductListResult>({ ok: intent === "enable" ? "enabled" : "disabled", id });
    }
    if (intent === "publish") {
      await publishDraft(db, who, id);
      return data<ProductListResult>({ ok: "published", id });
    }
    if (intent === "discard") {
      await discardDraft(db, who, id);
      return data<ProductListResult>({ ok: "discarded", id });
    }
  } catch (error) {
    if (error instanceof ProductProblem && error.code === "unapproved")
      return data<ProductListResult>({ error: "unapproved", id, fields: error.gaps.map((g) => g.field) }, { status: 400 });
    if (error instanceof ProductProblem)
      return data<ProductListResult>({ error: error.code === "no_draft" ? "no_draft" : "missing" }, { status: 400 });
    throw error;
  }
  return data<ProductListResult>({ error: "missing" }, { status: 400 });
}
