import type { RequestKind } from "#app/requests/kinds.ts";

/** The table holding each kind of request (detail, workflow, alert figures). */
export const REQUEST_TABLES: Record<RequestKind, "proposals" | "as_requests" | "purchase_requests" | "consultation_answers"> = {
  proposal: "proposals",
  as: "as_requests",
  purchase: "purchase_requests",
  consultation: "consultation_answers",
};

/** Where the kinds other than the consultation keep the name and phone they were sent with (a consultation keeps them as answers). */
export const CONTACT_COLUMNS = {
  proposal: { table: "proposals", name: "proposer_name", phone: "proposer_phone" },
  as: { table: "as_requests", name: "applicant_name", phone: "contact_phone" },
  purchase: { table: "purchase_requests", name: "applicant_name", phone: "contact_phone" },
} as const;
