import { data } from "react-router";

/**
 * A refusal as a page's loader throws it: the real status, its reason for
 * the error page (app/root.tsx says it in the visitor's language) and the
 * headers a client acts on. Never an error page with 200.
 */
export interface Refusal {
  /** too_many: 429, this client sent too many requests; unavailable: 503, a dependency (the database) is away. */
  refusal: "too_many" | "unavailable";
  /** Seconds until the client may try again (also the Retry-After header). */
  retryAfter: number;
}

/** What a client is told to wait while the database is away: long enough for a restart, short enough for a person. */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

function refusal(kind: Refusal["refusal"], status: number, seconds: number, headers: Record<string, string>) {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return data<Refusal>({ refusal: kind, retryAfter }, { status, headers: { ...headers, "Retry-After": String(retryAfter) } });
}

/** 429 with Retry-After: too many requests from this client; try again in `seconds`. */
export function tooManyRequests(seconds: number, headers: Record<string, string> = {}) {
  return refusal("too_many", 429, seconds, headers);
}

/** 503 with Retry-After: the service is briefly unavailable (the database is away); try again in `seconds`. */
export function serviceUnavailable(seconds: number = UNAVAILABLE_RETRY_AFTER_S, headers: Record<string, string> = {}) {
  return refusal("unavailable", 503, seconds, headers);
}

export function isRefusal(value: unknown): value is Refusal {
  const kind = !!value && typeof value === "object" ? (value as Refusal).refusal : undefined;
  return kind === "too_many" || kind === "unavailable";
}

/**
 * What a query throws while the database is away (db/dependency.ts decides
 * that): an Error, so code that catches errors keeps working, that React
 * Router also reads as a thrown `data()`: a loader or an action that lets it
 * through is answered 503 with Retry-After and the root's "briefly
 * unavailable" page, in the document and in a client navigation alike.
 */
export class DependencyUnavailable extends Error {
  /** A condition, not a bug: the log writes it without a stack (app/lib/logger.server.ts). */
  readonly expected = true;
  constructor(cause: unknown, seconds: number = UNAVAILABLE_RETRY_AFTER_S) {
    super("dependency unavailable", { cause });
    this.name = "DependencyUnavailable";
    Object.assign(this, serviceUnavailable(seconds));
  }
}

/** Whether `error` says a dependency is away: thrown by the guarded database (here or by another copy of this module). */
export function isUnavailable(error: unknown): error is Error & { data: Refusal } {
  const payload = error instanceof Error ? (error as { data?: unknown }).data : undefined;
  return isRefusal(payload) && payload.refusal === "unavailable";
}

/** The seconds a thrown refusal asks to wait. */
export function retryAfterOf(error: Error & { data: Refusal }): number {
  return error.data.retryAfter;
}
