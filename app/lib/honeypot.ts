/** Name of the hidden field bots fill in (see ui/Honeypot.tsx). */
export const HONEYPOT_FIELD = "website";

export function isSpam(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
