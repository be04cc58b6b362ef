import { noControlCharacters, v } from "#app/lib/schema.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";
import { REQUEST_KINDS } from "#app/requests/kinds.ts";

/**
 * A leak as the console records it (issue 52 item 4, docs/breach.md). The
 * notices are written from these facts in six languages, so what can be
 * chosen is chosen (the items, the cause, the measures: each has its words in
 * every catalog); the operator's own words (`detail`) go into the notices as
 * written, in Korean and English.
 */
export const LEAKED_ITEMS = ["name", "phone", "nationality", "visa", "address", "email", "employment", "income", "loan", "photos"] as const;
export const CAUSES = ["outside_access", "lost_device", "wrong_recipient", "insider", "other"] as const;
export const MEASURES = ["blocked", "passwords", "reported_pipc", "police", "monitoring"] as const;
export type LeakedItem = (typeof LEAKED_ITEMS)[number];
export type Cause = (typeof CAUSES)[number];
export type Measure = (typeof MEASURES)[number];

export interface BreachFacts {
  items: LeakedItem[];
  cause: Cause;
  /** What happened, in the operator's words (Korean and English), shown in every notice. */
  detail: string;
  measures: Measure[];
}

const msg = (key: AdminKey) => key;
/** `2026-11-20T14:05` (a datetime-local field: Korea time). */
const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const breachSchema = v.object({
  known_at: v.pipe(v.string(), v.regex(LOCAL_MINUTE, msg("breach.error.knownAt"))),
  period_from: v.pipe(v.string(), v.regex(DAY, msg("breach.error.period"))),
  period_to: v.pipe(v.string(), v.regex(DAY, msg("breach.error.period"))),
  kinds: v.pipe(v.array(v.picklist(REQUEST_KINDS)), v.minLength(1, msg("breach.error.kinds"))),
  items: v.pipe(v.array(v.picklist(LEAKED_ITEMS)), v.minLength(1, msg("breach.error.items"))),
  cause: v.picklist(CAUSES, msg("breach.error.cause")),
  detail: v.pipe(v.string(), v.trim(), v.maxLength(600, msg("breach.error.detail")), noControlCharacters(msg("breach.error.detail"))),
  measures: v.array(v.picklist(MEASURES)),
});

export type BreachInput = v.InferOutput<typeof breachSchema>;

/** The form's fields as the schema reads them (lists from repeated names). */
export function breachFields(form: URLSearchParams) {
  return {
    known_at: form.get("known_at") ?? "",
    period_from: form.get("period_from") ?? "",
    period_to: form.get("period_to") ?? "",
    kinds: form.getAll("kind"),
    items: form.getAll("item"),
    cause: form.get("cause") ?? "",
    detail: form.get("detail") ?? "",
    measures: form.getAll("measure"),
  };
}
