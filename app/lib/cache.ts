/**
 * For a route's `headers` export: the page is the same for every visitor of a
 * language, so the server may keep it (server/page-cache.ts) for `seconds`.
 * Only for pages that read no cookie, no session and no per-visitor state.
 */
export function sharedPage(seconds = 300) {
  return () => ({ "Cache-Control": `public, s-maxage=${seconds}` });
}

/**
 * For a page with a form that posts to its own action: the page is shared
 * like any other (its submission id is made in the browser, issue 13); the
 * answer to a post is not (it says what this visitor sent), and a refusal
 * keeps the action's `Retry-After`.
 */
export function sharedFormPage(seconds = 300) {
  const shared = sharedPage(seconds);
  return ({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> => {
    if (![...actionHeaders.keys()].length) return shared();
    const retry = actionHeaders.get("Retry-After");
    return retry ? { "Cache-Control": "no-store", "Retry-After": retry } : { "Cache-Control": "no-store" };
  };
}

/**
 * For a page whose action may refuse for a while (429, 423 or 503 with
 * `Retry-After`) and that sends no headers of its own: what its parents send,
 * and the action's `Retry-After` (React Router keeps only a route's cookies
 * when it has no headers function, issue 51).
 */
export function keepRetryAfter({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

/** The header a route answers with when its answer may be kept by this server (never sent to the browser). */
export const KEEP_ANSWER_HEADER = "X-Keep-Answer";

/**
 * For a page whose answer is rendered from the query string alone (the
 * repayment calculator's schedule, the eligibility check's answer): the
 * answer is the visitor's own, so no shared cache and no browser keeps it
 * (`private, no-store`), but this server may keep the rendered bytes for the
 * same normalised query, language and content version, for `seconds` and at
 * most until the Korean day changes (server/router-handler.ts, docs/decisions/0045).
 * Only for answers that read no cookie and no session.
 */
export function keptAnswer(seconds = 300): Record<string, string> {
  return { "Cache-Control": "private, no-store", [KEEP_ANSWER_HEADER]: String(seconds) };
}
