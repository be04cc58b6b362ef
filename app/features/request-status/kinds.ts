/** What can have a private status link (issue 28): every request a visitor sends, and rights requests. */
export const STATUS_KINDS = ["consultation", "proposal", "as", "purchase", "rights"] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

export function isStatusKind(value: unknown): value is StatusKind {
  return typeof value === "string" && (STATUS_KINDS as readonly string[]).includes(value);
}

/** The status page lives under this path; the rest is the token. */
export const STATUS_PATH_PREFIX = "/status/";
