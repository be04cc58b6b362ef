/** The reason an administrator gives for lifting a refusal of contact (issue 48 item 5): kept in the audit log. */
export const LIFT_REASON_MAX = 300;

export type LiftResult = { ok: true } | { ok: false; error: "reason" | "notRefused" };
