import * as v from "valibot";
import { noControlCharacters } from "#app/lib/schema.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#app/features/console/policy.ts";

/**
 * The payloads of the operators page (ADR 0022), one schema each, shared by
 * the page's forms (field limits) and its action. Messages are keys of the
 * console catalogs (`operators.error.*`).
 */
export const OPERATOR_ROLES = ["admin", "agent", "officer"] as const;
export const EMAIL_MAX = 320;

const role = v.picklist(OPERATOR_ROLES, "operators.error.role");
const id = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/, "operators.error.missing"),
  v.transform(Number),
  v.minValue(1, "operators.error.missing"),
);

export const operatorActionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("invite"),
    email: v.pipe(
      v.string("operators.error.email"),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(EMAIL_MAX, "operators.error.email"),
      noControlCharacters("operators.error.email"),
      v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "operators.error.email"),
    ),
    role,
  }),
  v.object({ intent: v.literal("role"), id, role }),
  v.object({ intent: v.picklist(["disable", "enable", "reset", "reset_two_step"]), id }),
  v.object({ intent: v.literal("two_step_policy"), policy: v.picklist(["admins", "everyone"], "operators.error.missing") }),
]);

export type OperatorAction = v.InferOutput<typeof operatorActionSchema>;

/** Setting a password from a one-time link: twice the same. */
export const setPasswordSchema = v.pipe(
  v.object({
    password: v.pipe(
      v.string("password.error.too_short"),
      v.check((value) => [...value].length >= MIN_PASSWORD_LENGTH, "password.error.too_short"),
      v.maxLength(MAX_PASSWORD_LENGTH, "password.error.too_long"),
    ),
    repeat: v.string("password.error.differ"),
  }),
  v.forward(
    v.partialCheck([["password"], ["repeat"]], (input) => input.password === input.repeat, "password.error.differ"),
    ["repeat"],
  ),
);

/** The operator's own account page: two-step set-up, recovery codes, sessions, the on-duty switch. */
export const accountActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("confirm"), code: v.pipe(v.string("account.error.code"), v.maxLength(64, "account.error.code")) }),
  v.object({ intent: v.picklist(["codes", "end_others", "end_all"]) }),
  v.object({ intent: v.literal("end_session"), id }),
  v.object({ intent: v.literal("duty"), on: v.picklist(["1", "0"], "account.error.missing") }),
]);
