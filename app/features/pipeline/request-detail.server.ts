import type { Kysely } from "kysely";
import type { ClosedReason, Database, RequestStage } from "#db/schema.ts";
import { CONSULTATION_QUESTIONS, type RequestKind } from "#app/requests/kinds.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { consultationAnswers } from "#app/features/pipeline/consultation-answers.server.ts";

/**
 * One request as the console's detail page shows it: the workflow columns
 * every kind shares, the kind's own labelled fields (each row read once),
 * and its photos or consents. Also the photos themselves.
 */
type Db = Kysely<Database>;

/** One labelled value of a request; `label` is the console catalog's `field.<label>`. */
export interface DetailField {
  label: string;
  value: string;
  /** Long text (kept as typed, line breaks shown). */
  long?: boolean;
}

/** A consultation's facts of its stages: the lender, the approval, why it was closed. */
export interface LoanFacts {
  closedReason: ClosedReason | null;
  closedNote: string | null;
  lender: string | null;
  approvedAmount: number | null;
  approvedOn: string | null;
}

export interface RequestDetail {
  kind: RequestKind;
  id: number;
  status: RequestStage;
  note: string;
  lang: string;
  received: string;
  updated: string;
  fields: DetailField[];
  photos: { id: number; width: number; height: number; contentType: string; byteSize: number }[];
  consents: { kind: string; version: string; agreed: boolean; at: string }[];
  /** Consultations only. */
  loan?: LoanFacts;
}

/** The columns every kind of request has. */
const COMMON = ["id", "status", "operator_note", "lang", "created_at", "updated_at"] as const;

interface CommonRow {
  id: number;
  status: RequestStage;
  operator_note: string;
  lang: string;
  created_at: string;
  updated_at: string;
}

function detailOf(kind: RequestKind, row: CommonRow, fields: DetailField[]): RequestDetail {
  return {
    kind,
    id: row.id,
    status: row.status,
    note: row.operator_note,
    lang: row.lang,
    received: formatSeoul(row.created_at),
    updated: formatSeoul(row.updated_at),
    fields,
    photos: [],
    consents: [],
  };
}

async function proposalDetail(db: Db, id: number): Promise<RequestDetail | null> {
  const row = await db
    .selectFrom("proposals")
    .select([...COMMON, "proposer_name", "proposer_phone", "proposer_email", "proposal_content"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return detailOf("proposal", row, [
    { label: "organization", value: row.proposer_name },
    { label: "phone", value: row.proposer_phone },
    { label: "email", value: row.proposer_email },
    { label: "proposal", value: row.proposal_content, long: true },
  ]);
}

/** An after-service or a purchase request: the same columns in two tables; after-service ones have photos. */
async function applicationDetail(db: Db, kind: "as" | "purchase", id: number): Promise<RequestDetail | null> {
  const row = await db
    .selectFrom(kind === "as" ? "as_requests" : "purchase_requests")
    .select([...COMMON, "applicant_name", "contact_phone", "applicant_addr", "inquiry_content"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const detail = detailOf(kind, row, [
    { label: "name", value: row.applicant_name },
    { label: "phone", value: row.contact_phone },
    { label: "address", value: row.applicant_addr },
    { label: kind === "as" ? "symptom" : "inquiry", value: row.inquiry_content, long: true },
  ]);
  if (kind === "as") {
    const photos = await db
      .selectFrom("as_request_photos")
      .select(["id", "width", "height", "content_type", "byte_size"])
      .where("as_request_id", "=", id)
      .orderBy("id")
      .execute();
    detail.photos = photos.map((p) => ({ id: p.id, width: p.width, height: p.height, contentType: p.content_type, byteSize: p.byte_size }));
  }
  return detail;
}

async function consultationDetail(db: Db, id: number): Promise<RequestDetail | null> {
  const row = await db
    .selectFrom("consultation_answers")
    .select([...COMMON, "marketing_yn", "closed_reason", "closed_note", "lender", "approved_amount", "approved_on"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const values = (await consultationAnswers(db, [id])).get(id) ?? {};
  const detail = detailOf("consultation", row, [
    ...Object.keys(CONSULTATION_QUESTIONS).map((name) => ({ label: name, value: values[name] ?? "" })),
    { label: "marketing", value: row.marketing_yn },
  ]);
  detail.loan = {
    closedReason: row.closed_reason,
    closedNote: row.closed_note,
    lender: row.lender,
    approvedAmount: row.approved_amount === null ? null : Number(row.approved_amount),
    approvedOn: row.approved_on,
  };
  const consents = await db
    .selectFrom("consent_records")
    .select(["policy_kind", "policy_version", "agreed_yn", "created_at"])
    .where("answer_id", "=", id)
    .orderBy("id")
    .execute();
  detail.consents = consents.map((c) => ({
    kind: c.policy_kind,
    version: c.policy_version,
    agreed: c.agreed_yn === "Y",
    at: formatSeoul(c.created_at),
  }));
  return detail;
}

export async function requestDetail(db: Db, kind: RequestKind, id: number): Promise<RequestDetail | null> {
  switch (kind) {
    case "proposal":
      return proposalDetail(db, id);
    case "as":
    case "purchase":
      return applicationDetail(db, kind, id);
    case "consultation":
      return consultationDetail(db, id);
  }
}

export async function photo(db: Db, id: number): Promise<{ requestId: number; contentType: string; data: Uint8Array } | null> {
  const row = await db
    .selectFrom("as_request_photos")
    .select(["as_request_id", "content_type", "data"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { requestId: row.as_request_id, contentType: row.content_type, data: row.data } : null;
}
