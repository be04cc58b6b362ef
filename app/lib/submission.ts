/**
 * A client-made id for one submission of a form, made when the form is shown.
 * Retries and double taps send the same id; the server stores it once.
 */
export function newSubmissionId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Accepted shape of a submission id on the server. */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
