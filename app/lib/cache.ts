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
