import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { AccessRecordTable } from "#db/schema.ts";

/**
 * The access records' hash chain (issue 52, ADR 0053): each record's hash is
 * the SHA-256 of its fields and the hash of the record before it; the first
 * record points to GENESIS (or, once retention destroyed the oldest, to the
 * anchor the destruction ledger kept). Plain functions: the record, the check
 * and the daily export share them.
 */
export const GENESIS = "0".repeat(64);

/** Access records are kept two years (고시 제8조①: 5만 명 이상), then destroyed and the destruction recorded. */
export const ACCESS_RETENTION_MONTHS = 24;

/** What a record's hash covers: every column but its id and its own hash. */
export type ChainFields = Omit<Selectable<AccessRecordTable>, "id" | "hash">;

export function recordHash(row: ChainFields): string {
  // The instant as ISO text whatever the dialect answered (timestamptz or text).
  const canonical = JSON.stringify([
    new Date(row.at).toISOString(),
    row.operator_id === null ? null : Number(row.operator_id),
    row.operator_email,
    row.role,
    row.ip,
    row.network,
    row.kind,
    row.records,
    Number(row.record_count),
    row.term,
    row.term_kind,
    row.detail,
    row.prev_hash,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export type ChainBreak = { id: number; reason: "changed" | "link" };

/**
 * Walks rows in id order from `expectedPrev`: the first whose hash is not its
 * own fields' ("changed") or whose prev_hash is not the previous row's hash
 * ("link": a row removed or inserted) is where the chain breaks.
 */
export function walkChain(rows: Iterable<ChainFields & { id: number; hash: string }>, expectedPrev: readonly string[]): ChainBreak | null {
  let prev: readonly string[] = expectedPrev;
  for (const row of rows) {
    if (!prev.includes(row.prev_hash)) return { id: row.id, reason: "link" };
    if (recordHash(row) !== row.hash) return { id: row.id, reason: "changed" };
    prev = [row.hash];
  }
  return null;
}

/** The network an address belongs to, as "a new network" compares them: IPv4 /24, IPv6 /48. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(":")) {
    const [head = ""] = ip.split("::");
    const groups = head.split(":").filter(Boolean);
    while (groups.length < 3) groups.push("0");
    return `${groups.slice(0, 3).join(":").toLowerCase()}::/48`;
  }
  return ip.slice(0, 64);
}

/**
 * A search term as the record keeps it: a phone-like term (7 or more digits)
 * as its first three and last two digits; anything else as its first
 * character and its length. Never the term itself.
 */
export function maskTerm(q: string | undefined): { term: string; termKind: "" | "phone" | "name" } {
  const text = (q ?? "").trim();
  if (!text) return { term: "", termKind: "" };
  const digits = text.replace(/\D+/g, "");
  if (digits.length >= 7 && digits.length >= text.replace(/[\s\-+().]/g, "").length - 1)
    return { term: `${digits.slice(0, 3)}${"*".repeat(digits.length - 5)}${digits.slice(-2)}`, termKind: "phone" };
  const chars = [...text];
  return { term: `${chars[0]}${"*".repeat(Math.min(chars.length - 1, 20))} (${chars.length})`, termKind: "name" };
}

/** Record references as compact text: "consultation:1-3,7;as:2" (ids sorted, runs as ranges). */
export function compactRecords(refs: readonly { kind: string; id: number }[]): string {
  const byKind = new Map<string, number[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
  return [...byKind.entries()]
    .map(([kind, ids]) => {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      const parts: string[] = [];
      for (let i = 0; i < sorted.length;) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
        parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
        i = j + 1;
      }
      return `${kind}:${parts.join(",")}`;
    })
    .join(";");
}
