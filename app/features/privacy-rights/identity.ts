import { noControlCharacters, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * How an operator confirmed that the person asking is the person the data is
 * about (issue 31, point 5; the privacy policy promises this check): asked in
 * the console before an erasure or a copy of the data, recorded in the audit
 * log with it, and required by the action. One schema for the form and the
 * action; messages are console catalog keys.
 */
export const IDENTITY_METHODS = [
  /** Called the number back; the person confirmed the request's details. */
  "call_back",
  /** The request came through that request's own private status link. */
  "status_link",
  /** Another way, described in the note. */
  "other",
] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

export const IDENTITY_NOTE_MAX = 300;

const msg = (key: AdminKey) => key;

/** Eight digits in a row (dashes and spaces between them allowed) read as a phone or registration number. */
const LOOKS_LIKE_A_NUMBER = /\d(?:[\s-]?\d){7}/;

export const identitySchema = v.pipe(
  v.object({
    identity: v.picklist(IDENTITY_METHODS, msg("privacy.identity.error.method")),
    identity_note: v.pipe(
      v.optional(v.string(), ""),
      v.trim(),
      v.maxLength(IDENTITY_NOTE_MAX, msg("privacy.identity.error.noteLength")),
      noControlCharacters(msg("privacy.identity.error.noteLength")),
      // The note outlives the erasure in the audit log: it must not carry the person's number.
      v.check((note: string) => !LOOKS_LIKE_A_NUMBER.test(note), msg("privacy.identity.error.notePhone")),
    ),
  }),
  v.forward<
    { identity: IdentityMethod; identity_note: string },
    v.PartialCheckIssue<{ identity: IdentityMethod; identity_note: string }>,
    ["identity_note"]
  >(
    v.partialCheck(
      [["identity"], ["identity_note"]],
      (input: { identity: IdentityMethod; identity_note: string }) => input.identity !== "other" || input.identity_note !== "",
      msg("privacy.identity.error.note"),
    ) as never,
    ["identity_note"] as never,
  ),
);

export type IdentityCheck = v.InferOutput<typeof identitySchema>;

/** The audit log's words for the check: `identity: call_back`, `identity: other (in person at the office)`. */
export function identityDetail(check: IdentityCheck): string {
  return check.identity_note ? `identity: ${check.identity} (${check.identity_note})` : `identity: ${check.identity}`;
}
