import type { AccessKind } from "#db/schema.ts";
import { v } from "#app/lib/schema.ts";
import { isIsoDay } from "#app/lib/iso-day.ts";

/** The kinds of view the records keep, the flags the review raises, the intervals a business reviews at (issue 52). */
export const ACCESS_KINDS: readonly AccessKind[] = [
  "request",
  "photo",
  "inbox",
  "search",
  "calls",
  "export",
  "privacy_list",
  "privacy_copy",
];
export const ACCESS_FLAGS = ["export", "volume", "off_hours", "new_network", "phone_search"] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];
export const REVIEW_INTERVALS = ["weekly", "monthly", "quarterly"] as const;
export type ReviewInterval = (typeof REVIEW_INTERVALS)[number];

export const FINDINGS_MAX = 2000;

const day = v.pipe(
  v.string(),
  v.check((s) => isIsoDay(s), "access.errors.day"),
);
const text = (required: boolean) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.replace(/\r\n/g, "\n").trim()),
    v.check((s) => !required || s.length > 0, "access.errors.findings"),
    v.maxLength(FINDINGS_MAX, "access.errors.tooLong"),
  );

/** The sign-off of a period: its days (both included), what was found, what follows. */
export const signOffSchema = v.pipe(
  v.object({ from: day, to: day, findings: text(true), follow_up: text(false) }),
  v.forward(
    v.partialCheck([["from"], ["to"]], (o) => o.from <= o.to, "access.errors.period"),
    ["to"],
  ),
);
