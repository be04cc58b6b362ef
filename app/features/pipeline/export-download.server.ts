import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AdminT } from "#app/features/console/i18n.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { gate, seal, storeFile, downloadPath, rowCap } from "#app/features/downloads/downloads.server.ts";
import { chosenColumns, reasonSchema } from "#app/features/downloads/schema.ts";
import { validate } from "#app/lib/schema.ts";
import { isIsoDay } from "#app/lib/seoul-time.ts";
import { isRequestKind, type RequestKind } from "#app/requests/kinds.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { exportColumns, exportCount, exportRequests } from "#app/features/pipeline/export.server.ts";

/**
 * The CSV export as a download that cannot leak in clear (issue 52 item 3,
 * ADR 0054): a reason (kept in the audit rows), the chosen columns, the row
 * cap with a second administrator above it, and the file an AES-256 ZIP whose
 * password the page shows once.
 */
export type ExportResult =
  | { sealed: { href: string; filename: string; password: string; rows: number } }
  | { pending: { id: number; rows: number; cap: number } }
  | { refused: { errors: Record<string, string>; values: { reason: string; columns: string[] } } }
  | { error: "download.error.request" | "download.error.approval" | "download.error.cap" };

export async function exportDownload(
  db: Kysely<Database>,
  who: SignedIn,
  form: URLSearchParams,
  t: AdminT,
  /** Told which records the file holds (the access records, issue 52 item 2), before the file is handed out. */
  shown: (records: { kind: RequestKind; id: number }[], detail: string) => Promise<void> = async () => {},
  now = new Date(),
): Promise<ExportResult> {
  const kind = form.get("kind");
  const from = form.get("from") || undefined;
  const to = form.get("to") || undefined;
  if (!isRequestKind(kind) || (from && !isIsoDay(from)) || (to && !isIsoDay(to)) || (from && to && from > to)) {
    return { error: "download.error.request" };
  }
  const reasonCheck = validate(reasonSchema, form.get("reason") ?? "");
  const columns = chosenColumns(form, exportColumns(kind));
  const errors: Record<string, string> = {};
  if (!reasonCheck.success) errors.reason = reasonCheck.errors._form ?? "download.error.reason";
  if ("error" in columns) errors.columns = columns.error;
  if (!reasonCheck.success || "error" in columns) {
    return { refused: { errors, values: { reason: form.get("reason") ?? "", columns: form.getAll("column") } } };
  }
  const reason = reasonCheck.output;
  const approvalField = form.get("approval");
  const approval = approvalField ? positiveId(approvalField) : null;
  if (approvalField && approval === null) return { error: "download.error.approval" };
  const rows = await exportCount(db, kind, { from, to });
  const params = { kind, from: from ?? "", to: to ?? "", columns: columns.columns.join(",") };
  const allowed = await gate(db, { kind: "export", params, rows, reason, by: who.operator.email, approval }, now);
  if (!allowed.go) {
    if ("refused" in allowed) return { error: "download.error.approval" };
    await audit(
      db,
      who,
      "export",
      null,
      `pending approval #${allowed.pending}: ${describe(kind, from, to)}; ${rows} rows; reason: ${reason}`,
      now,
    );
    return { pending: { id: allowed.pending, rows, cap: await rowCap(db) } };
  }
  const result = await exportRequests(db, kind as RequestKind, { from, to }, t, columns.columns);
  const stem = result.filename.replace(/\.csv$/, "");
  const sealed = seal(stem, [{ name: `${stem}.csv`, data: result.csv }], who.operator.email, now);
  const token = await storeFile(db, sealed, who.operator.email, now);
  const detail = [
    describe(kind, from, to),
    `columns: ${columns.columns.join(" ")}`,
    allowed.approval ? `approval #${allowed.approval}` : "",
    `reason: ${reason}`,
  ]
    .filter(Boolean)
    .join("; ");
  await audit(db, who, "export", result.ids.length ? result.ids.map((id) => ({ kind, id })) : null, detail, now);
  await shown(
    result.ids.map((id) => ({ kind: kind as RequestKind, id })),
    describe(kind, from, to),
  );
  return { sealed: { href: downloadPath(token), filename: sealed.filename, password: sealed.password, rows: result.ids.length } };
}

const describe = (kind: string, from?: string, to?: string) => `${kind} ${from ?? "…"} – ${to ?? "…"}`;
