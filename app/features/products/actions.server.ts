import { data, redirect, type RouterContextProvider } from "react-router";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { newProductSchema, productFields, productSchema } from "#app/features/products/schema.ts";
import {
  ProductProblem,
  assertLenderRule,
  createProduct,
  deleteProduct,
  discardDraft,
  productLenderName,
  retireProduct,
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
  | { ok: "enabled" | "disabled" | "published" | "discarded" | "retired"; id: number }
  | { ok: "deleted" }
  | { error: "missing" | "no_draft" | "retired" | "published" | "one_lender" }
  | { error: "unapproved"; id: number; fields: string[] };

/** POST /admin/products/:id: save the draft, or save and publish it. */
export async function productEditAction(request: Request, context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const id = positiveId(idParam);
  if (!id) throw data({ error: "missing" }, { status: 404 });
  const { who, form } = await consoleForm(request, context, 32 * 1024);
  const fields = productFields(form);
  const checked = validate(productSchema, fields, { crossField: true });
  const { csrf: _csrf, ...values } = fields;
  if (!checked.success) return data<ProductFormResult>({ errors: checked.errors, values }, { status: 400 });
  // Publishing without what the ad must state, or with an approval run out, saves nothing (issue 35).
  const { db } = services(context);
  const product = await db
    .selectFrom("loan_products")
    .select(["lender_id", "retired_at", "enabled"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!product) throw data({ error: "missing" }, { status: 404 });
  const gaps = form.get("intent") === "publish" ? inputGaps(checked.output, await productLenderName(db, product)) : [];
  if (gaps.length) return data<ProductFormResult>({ errors: gapErrors(gaps), values }, { status: 400 });
  try {
    // A second lender's product live without a 대부중개업 registration: refused before anything is saved.
    if (form.get("intent") === "publish" && product.enabled) await assertLenderRule(db, product);
    await saveDraft(db, who, id, checked.output);
    if (form.get("intent") === "publish") {
      await publishDraft(db, who, id);
      return data<ProductFormResult>({ ok: "published", id });
    }
    return data<ProductFormResult>({ ok: "saved", id });
  } catch (error) {
    if (error instanceof ProductProblem && (error.code === "retired" || error.code === "one_lender"))
      return data<ProductFormResult>({ errors: { form: `products.error.${error.code}` }, values }, { status: 400 });
    if (error instanceof ProductProblem) throw data({ error: "missing" }, { status: 404 });
    throw error;
  }
}

export type NewProductResult = { errors: FieldErrors; values: Record<string, string> };

/** POST /admin/products/new: adds a product (key and lender), then its page asks for the rest. */
export async function newProductAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { who, form } = await consoleForm(request, context, 32 * 1024);
  const { csrf: _csrf, ...values } = Object.fromEntries(form.entries());
  const checked = validate(newProductSchema, values);
  if (!checked.success) return data<NewProductResult>({ errors: checked.errors, values }, { status: 400 });
  let id: number;
  try {
    id = await createProduct(services(context).db, who, checked.output);
  } catch (error) {
    if (error instanceof ProductProblem && (error.code === "taken" || error.code === "lender"))
      return data<NewProductResult>(
        {
          errors: error.code === "taken" ? { partner_key: "products.error.keyTaken" } : { lender_id: "products.error.lenderChoose" },
          values,
        },
        { status: 400 },
      );
    throw error;
  }
  throw redirect(`/admin/products/${id}?created=1`);
}

/** POST /admin/products: switch on/off, publish or discard a draft. */
export async function productListAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { who, form } = await consoleForm(request, context, 32 * 1024);
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
    if (intent === "retire") {
      await retireProduct(db, who, id);
      return data<ProductListResult>({ ok: "retired", id });
    }
    if (intent === "delete") {
      await deleteProduct(db, who, id);
      return data<ProductListResult>({ ok: "deleted" });
    }
  } catch (error) {
    if (error instanceof ProductProblem && error.code === "unapproved")
      return data<ProductListResult>({ error: "unapproved", id, fields: error.gaps.map((g) => g.field) }, { status: 400 });
    if (error instanceof ProductProblem) {
      const code =
        error.code === "no_draft" || error.code === "retired" || error.code === "published" || error.code === "one_lender"
          ? error.code
          : "missing";
      return data<ProductListResult>({ error: code }, { status: 400 });
    }
    throw error;
  }
  return data<ProductListResult>({ error: "missing" }, { status: 400 });
}
