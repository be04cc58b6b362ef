import type { Kysely } from "kysely";
import type { AuditAction, Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { paging } from "#app/lib/paging.ts";

/**
 * The audit log: which operator viewed, changed or exported which record,
 * and when. Written next to the action it records; read on /admin/audit and
 * under each request's detail.
 */
interface AuditRecordRef {
  kind: string;
  id: number;
}

/** The name the log gives what the system did by itself (the call cadence): operator_id null. */
export const SYSTEM_ACTOR = "system";

/** The name the log gives the command line (`npm run admin:create`, `admin:disable`; issue 52). */
export const CLI_ACTOR = "cli";

/**
 * An audit row of a command-line act on an operator (고시 제5조③: every grant
 * and revocation recorded): actor "cli", and the host account that ran it.
 */
export async function auditCli(db: Kysely<Database>, action: AuditAction, operatorId: number, hostUser: string, now = new Date()) {
  await db
    .insertInto("admin_audit_log")
    .values({
      operator_id: null,
      operator_email: CLI_ACTOR,
      action,
      record_kind: "operator",
      record_id: operatorId,
      detail: `host user ${hostUser}`.slice(0, 500),
      created_at: now.toISOString(),
    })
    .execute();
}

export async function audit(
  db: Kysely<Database>,
  who: { operator: { id: number; email: string } } | null,
  action: AuditAction,
  records: AuditRecordRef | AuditRecordRef[] | null,
  detail = "",
  now = new Date(),
): Promise<void> {
  const list = records === null ? [null] : Array.isArray(records) ? records : [records];
  const base = {
    operator_id: who?.operator.id ?? null,
    operator_email: who?.operator.email ?? SYSTEM_ACTOR,
    action,
    detail: detail.slice(0, 500),
    created_at: now.toISOString(),
  };
  // Chunks keep every dialect under its bound-parameter limit.
  for (let i = 0; i < list.length; i += 200) {
    const rows = list.slice(i, i + 200).map((r) => ({ ...base, record_kind: r?.kind ?? null, record_id: r?.id ?? null }));
    if (rows.length) await db.insertInto("admin_audit_log").values(rows).execute();
  }
}

export interface AuditEntry {
  id: number;
  at: string;
  operator: string;
  action: AuditAction;
  recordKind: string | null;
  recordId: number | null;
  detail: string;
}

const AUDIT_PAGE_SIZE = 50;

export async function listAudit(
  db: Kysely<Database>,
  filter: { page: number; action?: AuditAction; record?: AuditRecordRef },
): Promise<{ entries: AuditEntry[]; total: number; page: number; pages: number }> {
  let query = db.selectFrom("admin_audit_log");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.record) query = query.where("record_kind", "=", filter.record.kind).where("record_id", "=", filter.record.id);
  const { total, page, pages, limit, offset } = paging(
    await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    filter.page,
    AUDIT_PAGE_SIZE,
  );
  const rows = await query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: formatSeoul(r.created_at),
      operator: r.operator_email,
      action: r.action,
      recordKind: r.record_kind,
      recordId: r.record_id,
      detail: r.detail,
    })),
    total,
    page,
    pages,
  };
}

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  "view",
  "export",
  "update",
  "sign_in",
  "sign_out",
  "blog_add",
  "blog_update",
  "blog_delete",
  "push_on",
  "push_off",
  "privacy_erase",
  "privacy_withdraw",
  "privacy_copy",
  "campaign_create",
  "campaign_update",
  "campaign_publish",
  "campaign_reorder",
  "campaign_delete",
  "product_update",
  "product_publish",
  "product_enable",
  "product_create",
  "product_delete",
  "product_retire",
  "lender_create",
  "lender_update",
  "lender_delete",
  "operator_invite",
  "operator_role",
  "operator_disable",
  "operator_enable",
  "operator_reset",
  "password_set",
  "two_step_on",
  "two_step_codes",
  "two_step_policy",
  "session_end",
  "two_step_reset",
  "stage",
  "call",
  "assign",
  "duty_on",
  "duty_off",
  "claims_update",
  "claims_confirm",
  "claims_section",
  "legal_version_create",
  "legal_version_update",
  "legal_version_withdraw",
  "business_update",
  "brand_update",
  "calendar_update",
  "calendar_close",
  "calendar_reopen",
  "access_review",
  "access_interval",
  "destruction_confirm",
  "operator_create",
  "download_approve",
  "download_refuse",
  "download_cap",
  "breach_record",
  "breach_update",
  "breach_publish",
  "breach_close",
];

/**
 * Reloads within this window do not add another "view" of the same record by
 * the same operator. `detail` tells views of parts of a record apart (an A/S
 * request's page, "", and each of its photos, "photo=<id>").
 */
const VIEW_DEDUPE_MS = 5 * 60 * 1000;

export async function recentlyViewed(
  db: Kysely<Database>,
  who: Pick<SignedIn, "operator">,
  record: AuditRecordRef,
  now = new Date(),
  detail = "",
): Promise<boolean> {
  const row = await db
    .selectFrom("admin_audit_log")
    .select("id")
    .where("operator_id", "=", who.operator.id)
    .where("action", "=", "view")
    .where("record_kind", "=", record.kind)
    .where("record_id", "=", record.id)
    .where("detail", "=", detail)
    .where("created_at", ">", new Date(now.getTime() - VIEW_DEDUPE_MS).toISOString())
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** `field: "old" → "new"` for each text field that changed, each value cut to fit the audit row. */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const show = (value: unknown) => {
    const text = value === null || value === undefined ? "" : String(value);
    return JSON.stringify(text.length > 100 ? `${text.slice(0, 99)}…` : text);
  };
  return Object.keys(after)
    .filter((key) => String(before[key] ?? "") !== String(after[key] ?? ""))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

/** Audit rows of one change (campaigns, products): its details packed into rows of at most 500 characters. */
export async function auditChange(
  db: Kysely<Database>,
  who: Pick<SignedIn, "operator">,
  action: AuditAction,
  record: { kind: string; id: number },
  lines: string[],
  now: Date,
) {
  const rows: string[] = [];
  for (const line of lines) {
    const last = rows.length - 1;
    if (last >= 0 && rows[last]!.length + 2 + line.length <= 500) rows[last] += `; ${line}`;
    else rows.push(line);
  }
  for (const detail of rows.length ? rows : [""]) await audit(db, who, action, record, detail, now);
}
