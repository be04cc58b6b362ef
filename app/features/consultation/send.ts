import type { toPayload } from "#app/features/consultation/schema.ts";

/** The outcome of one POST /svc/answer/create from the browser. */
type SendOutcome =
  | { kind: "ok" }
  /** No answer (offline, dropped, timed out): nothing is known; a retry with the same id is safe. */
  | { kind: "network" }
  /** The server answered and refused: its message (already translated) and field errors. */
  | { kind: "rejected"; status: number; message?: string; errors: Record<string, string> };

const ANSWER_ENDPOINT = "/svc/answer/create";
/** A phone on a bad connection may wait long; past this, say so rather than spin forever. */
export const SEND_TIMEOUT_MS = 30_000;

export async function sendConsultation(
  payload: ReturnType<typeof toPayload> & { website?: string },
  { lang, fetchImpl = fetch, timeoutMs = SEND_TIMEOUT_MS }: { lang: string; fetchImpl?: typeof fetch; timeoutMs?: number },
): Promise<SendOutcome> {
  let response: Response;
  let body: unknown;
  try {
    // ?lang= pins the answer's language (and the stored page language) to the page's.
    response = await fetchImpl(`${ANSWER_ENDPOINT}?lang=${encodeURIComponent(lang)}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { kind: "network" };
  }
  try {
    body = await response.json();
  } catch {
    // A 200 whose body was cut off is as unknown as no answer; anything else is a refusal.
    if (response.ok) return { kind: "network" };
    body = null;
  }
  const envelope = (body && typeof body === "object" ? body : {}) as { res_status?: unknown; message?: unknown; errors?: unknown };
  if (response.ok && envelope.res_status === 200) return { kind: "ok" };
  const errors = envelope.errors && typeof envelope.errors === "object" ? (envelope.errors as Record<string, unknown>) : {};
  return {
    kind: "rejected",
    status: response.status,
    message: typeof envelope.message === "string" && envelope.message ? envelope.message : undefined,
    errors: Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string")),
  };
}
