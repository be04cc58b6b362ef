import { data } from "react-router";

/**
 * A refusal as a page's loader throws it: the real status, its reason for
 * the error page (app/root.tsx says it in the visitor's language) and the
 * headers a client acts on. Never an error page with 200.
 */
export interface Refusal {
  refusal: "too_many";
  /** Seconds until the client may try again (also the Retry-After header). */
  retryAfter: number;
}

/** 429 with Retry-After: too many requests from this client; try again in `seconds`. */
export function tooManyRequests(seconds: number, headers: Record<string, string> = {}) {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return data<Refusal>({ refusal: "too_many", retryAfter }, { status: 429, headers: { ...headers, "Retry-After": String(retryAfter) } });
}

export function isRefusal(value: unknown): value is Refusal {
  return !!value && typeof value === "object" && (value as Refusal).refusal === "too_many";
}
