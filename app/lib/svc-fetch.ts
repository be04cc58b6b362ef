/**
 * The browser's one client of the `/svc/*` API (spec §7): JSON or multipart,
 * a timeout, and three outcomes a form can act on. Success is HTTP 200 with
 * `res_status` 200.
 */
export type SvcOutcome =
  /** `data` of the envelope (what a read such as /svc/og/list answers). */
  | { kind: "ok"; data?: unknown }
  /** No answer (offline, dropped, timed out): nothing is known; a retry with the same submission id is safe. */
  | { kind: "network" }
  /** The server answered and refused: its message and field errors, already in the page's language. */
  | { kind: "rejected"; status: number; message?: string; errors: Record<string, string>; retryAfter?: number };

/** A phone on a bad connection may wait long; past this, say so rather than spin forever. */
export const SVC_TIMEOUT_MS = 30_000;

export interface SvcOptions {
  /** The page's language: pins the answer's messages (and the stored page language) to it. */
  lang?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export async function postSvc(
  path: string,
  body: unknown,
  { lang, fetchImpl = fetch, timeoutMs = SVC_TIMEOUT_MS }: SvcOptions = {},
): Promise<SvcOutcome> {
  const url = lang ? `${path}?lang=${encodeURIComponent(lang)}` : path;
  const init: RequestInit =
    body instanceof FormData
      ? { method: "POST", body, headers: { accept: "application/json" } }
      : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", accept: "application/json" } };
  let response: Response;
  let json: unknown;
  try {
    response = await fetchImpl(url, { ...init, credentials: "same-origin", signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return { kind: "network" };
  }
  try {
    json = await response.json();
  } catch {
    // A 200 whose body was cut off is as unknown as no answer; anything else is a refusal.
    if (response.ok) return { kind: "network" };
    json = null;
  }
  const envelope = (json && typeof json === "object" ? json : {}) as { res_status?: unknown; message?: unknown; errors?: unknown };
  if (response.ok && envelope.res_status === 200)
    return "data" in envelope ? { kind: "ok", data: (envelope as { data: unknown }).data } : { kind: "ok" };
  const errors = envelope.errors && typeof envelope.errors === "object" ? (envelope.errors as Record<string, unknown>) : {};
  // 429 and 503 say when to try again.
  const retryAfter = Number(response.headers.get("retry-after")) || undefined;
  return {
    kind: "rejected",
    status: response.status,
    ...(retryAfter ? { retryAfter } : {}),
    message: typeof envelope.message === "string" && envelope.message ? envelope.message : undefined,
    errors: Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string")),
  };
}

/** The field errors of a refusal (none for no answer). */
export function rejectedErrors(outcome: SvcOutcome): Record<string, string> {
  return outcome.kind === "rejected" ? outcome.errors : {};
}
