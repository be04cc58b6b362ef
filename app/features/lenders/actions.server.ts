import { data, redirect, type RouterContextProvider } from "react-router";
import { validate, type FieldErrors } from "#app/lib/schema.ts";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, positiveId } from "#app/features/console/console.server.ts";
import { lenderSchema } from "#app/features/lenders/schema.ts";
import { LenderProblem, createLender, deleteLender, updateLender } from "#app/features/lenders/lenders.server.ts";

/**
 * The console's lender actions (issue 47, item 1), administrators only (the
 * routes check the role). Bad input answers 400 with each field's message
 * and the values sent, and changes nothing; a malformed request is a 400 too.
 */
export type LenderFormResult = { ok: "saved" | "created"; id: number } | { errors: FieldErrors; values: Record<string, string> };
export type LenderListResult = { ok: "deleted" } | { error: "missing" | "in_use" };

/** POST /admin/lenders/new (create) or /admin/lenders/:id (save). */
export async function lenderEditAction(request: Request, context: Readonly<RouterContextProvider>, idParam: string | undefined) {
  const id = idParam === undefined ? null : positiveId(idParam);
  if (idParam !== undefined && !id) throw data({ error: "missing" }, { status: 404 });
  const { who, form } = await consoleForm(request, context, 16 * 1024);
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
