import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { aesZip, downloadPassword, type ZipEntry } from "#app/lib/aes-zip.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import type { ApprovalView } from "#app/features/downloads/DownloadParts.tsx";
import { ROW_CAP_LIMIT as ROW_CAP_MAX } from "#app/features/downloads/schema.ts";

/**
 * Downloads of personal data that cannot leak in clear (issue 52 item 3, ADR
 * 0054): every file is an AES-256 ZIP (WinZip AE-2: 7-Zip, 반디집, 알집 open
 * it) under a password made for it and shown once, named by its operator and
 * Korean time; above the row cap (a setting) a second administrator approves
 * first. The route asks the reason and the columns (schema.ts) and writes the
 * audit row with them.
 */
type Db = Kysely<Database>;

export const DOWNLOAD_KINDS = ["export", "privacy_copy", "breach_list"] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** How many rows one download may hold without a second administrator. */
export const DEFAULT_ROW_CAP = 500;

const SECTION = "downloads";
/** An encrypted file waits this long for its one download. */
const FILE_TTL_MS = 15 * 60_000;
/** A granted approval is good for this long. */
const APPROVAL_TTL_MS = 24 * 3_600_000;

export async function rowCap(db: Db): Promise<number> {
  const value = await readSection(db, SECTION);
  if (value === null) return DEFAULT_ROW_CAP;
  try {
    const cap = (JSON.parse(value) as { rowCap?: unknown }).rowCap;
    return typeof cap === "number" && Number.isInteger(cap) && cap >= 1 && cap <= ROW_CAP_MAX ? cap : DEFAULT_ROW_CAP;
  } catch {
    return DEFAULT_ROW_CAP;
  }
}

export function saveRowCap(db: Db, cap: number, by: string, at = new Date()): Promise<void> {
  return writeSection(db, SECTION, { rowCap: cap }, at, by);
}

/** The same parameters in the same order, whatever order they were given in. */
export const paramsKey = (params: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))));

/** An approval as the console lists it (the page adds what it asks in words). */
export type ApprovalRow = Omit<ApprovalView, "what" | "resend" | "kind"> & { kind: DownloadKind; params: Record<string, unknown> };

export async function requestApproval(
  db: Db,
  ask: { kind: DownloadKind; params: Record<string, unknown>; rows: number; reason: string; by: string },
  at = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("download_approvals")
    .values({
      kind: ask.kind,
      params: paramsKey(ask.params),
      rows: ask.rows,
      reason: ask.reason,
      requested_by: ask.by,
      status: "pending",
      decided_by: null,
      decided_at: null,
      used_at: null,
      created_at: at.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Approvals still waiting, and those granted but not yet used, newest first. */
export async function openApprovals(db: Db): Promise<ApprovalRow[]> {
  const rows = await db
    .selectFrom("download_approvals")
    .selectAll()
    .where("status", "in", ["pending", "granted"])
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as DownloadKind,
    params: JSON.parse(r.params) as Record<string, unknown>,
    rows: r.rows,
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedAt: formatSeoul(r.created_at),
    status: r.status,
    decidedBy: r.decided_by,
  }));
}

/** A second administrator grants or refuses; the one who asked cannot. */
export async function decideApproval(
  db: Db,
  id: number,
  by: string,
  grant: boolean,
  at = new Date(),
): Promise<"granted" | "refused" | "own" | "missing"> {
  const row = await db.selectFrom("download_approvals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status !== "pending") return "missing";
  if (row.requested_by === by) return "own";
  const status = grant ? "granted" : "refused";
  const updated = await db
    .updateTable("download_approvals")
    .set({ status, decided_by: by, decided_at: at.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) ? status : "missing";
}

/**
 * Uses a granted approval once: the operator who asked, the same kind and
 * parameters, within a day of the grant. True when it was taken.
 */
export async function takeApproval(
  db: Db,
  id: number,
  ask: { kind: DownloadKind; params: Record<string, unknown>; by: string },
  at = new Date(),
): Promise<boolean> {
  const since = new Date(at.getTime() - APPROVAL_TTL_MS).toISOString();
  const updated = await db
    .updateTable("download_approvals")
    .set({ status: "used", used_at: at.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "granted")
    .where("kind", "=", ask.kind)
    .where("params", "=", paramsKey(ask.params))
    .where("requested_by", "=", ask.by)
    .where("decided_at", ">=", since)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export type Gate = { go: true; approval: number | null } | { go: false; pending: number } | { go: false; refused: true };

/**
 * Whether a download of `rows` rows may go now: under the cap, yes; over it,
 * with a granted approval of the same request, yes (used up); else a pending
 * approval is made for a second administrator (or the given one was not
 * good: refused).
 */
export async function gate(
  db: Db,
  ask: { kind: DownloadKind; params: Record<string, unknown>; rows: number; reason: string; by: string; approval: number | null },
  at = new Date(),
): Promise<Gate> {
  if (ask.rows <= (await rowCap(db))) return { go: true, approval: null };
  if (ask.approval !== null)
    return (await takeApproval(db, ask.approval, ask, at)) ? { go: true, approval: ask.approval } : { go: false, refused: true };
  return { go: false, pending: await requestApproval(db, ask, at) };
}

/** `operator@example.com` → `operator-example.com`: a file name's safe letters. */
const operatorSlug = (email: string) =>
  email
    .replace(/@/g, "-")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .slice(0, 60);

/** `consultation_2026-11-01_2026-11-30_ops-example.com_20261129-1405KST` (Korean time). */
export function downloadStem(label: string, operator: string, at: Date): string {
  const kst = formatSeoul(at.toISOString()).replace(/[-:]/g, "").replace(" ", "-");
  return `${label}_${operatorSlug(operator)}_${kst}KST`;
}

export interface Sealed {
  filename: string;
  zip: Buffer;
  password: string;
}

/** The entries in an AES-256 ZIP under a new password; the ZIP's comment names the operator and the time (no personal data). */
export function seal(label: string, entries: ZipEntry[], operator: string, at = new Date()): Sealed {
  const password = downloadPassword();
  const stem = downloadStem(label, operator, at);
  const zip = aesZip(entries, password, { at, comment: `${operator} ${formatSeoul(at.toISOString())} KST` });
  return { filename: `${stem}.zip`, zip, password };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Keeps the encrypted file for its one download; answers the token of its link. Old files go first. */
export async function storeFile(db: Db, sealed: Sealed, operator: string, at = new Date()): Promise<string> {
  await db.deleteFrom("download_files").where("expires_at", "<", at.toISOString()).execute();
  const token = randomBytes(24).toString("base64url");
  await db
    .insertInto("download_files")
    .values({
      token_hash: hashToken(token),
      operator_email: operator,
      filename: sealed.filename,
      data: sealed.zip,
      expires_at: new Date(at.getTime() + FILE_TTL_MS).toISOString(),
      created_at: at.toISOString(),
    })
    .execute();
  return token;
}

/** The file of `token` for the operator who made it, once, before it expires; then it is gone. */
export async function takeFile(
  db: Db,
  token: string,
  operator: string,
  at = new Date(),
): Promise<{ filename: string; data: Uint8Array } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const row = await db
    .selectFrom("download_files")
    .select(["id", "filename", "data", "operator_email", "expires_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.operator_email !== operator || row.expires_at < at.toISOString()) return null;
  const deleted = await db.deleteFrom("download_files").where("id", "=", row.id).executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) return null;
  return { filename: row.filename, data: row.data };
}

/** Where the file of `token` is downloaded. */
export const downloadPath = (token: string) => `/admin/export?file=${token}`;
