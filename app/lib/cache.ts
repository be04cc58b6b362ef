/**
 * For a route's `headers` export: the page is the same for every visitor of a
 * language, so the server may keep it (server/page-cache.ts) for `seconds`.
 * Only for pages that read no cookie, no session and no per-visitor state.
 */
export function sharedPage(seconds = 300) {
  return () => ({ "Cache-Control": `public, s-maxage=${seconds}` });
}
