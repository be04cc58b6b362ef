import type { RequestKind } from "#app/requests/kinds.ts";

/** The table holding each kind of request (detail, workflow, alert figures). */
export const REQUEST_TABLES: Record<RequestKind, "proposals" | "as_requests" | "purchase_requests" | "consultation_answers"> = {
  proposal: "proposals",
  as: "as_requests",
  purchase: "purchase_requests",
  consultation: "consultation_answers",
};
