import type { Logger } from "#app/lib/logger.server.ts";

/**
 * The one way a value a client sent (a form field, a query parameter, a
 * cookie, a link an operator stored) reaches a response header: a redirect's
 * `Location`, a `Link` target, a `Content-Disposition` file name, a cookie's
 * value (issue 29, point 2). A header carries bytes, not text: a character
 * above U+00FF makes `new Headers()` throw (a 500), one in U+0080–U+00FF goes
 * out as a raw byte that clients read as they please, and CR/LF would split
 * the header. So every value here:
 *
 * - loses its control characters (C0, DEL, C1: CR, LF, NUL, tab included);
 * - is percent-encoded where it is not printable ASCII (UTF-8, as URLs are);
 * - is kept only if it stays what its kind promises (a path of this site, an
 *   http(s) URL); otherwise the caller's safe default is used instead, and
 *   one JSON line (`header.refused`: the kind, the reason and the length,
 *   never the value) says so.
 *
 * A value that is absent (null, undefined, "") takes the default silently.
 * The answer is always printable ASCII.
 */
export type HeaderValueKind =
  /** A path of this site (a redirect's `Location`, a `Link` target): never another host, `within` a prefix when given. */
  | "path"
  /** An absolute http(s) URL (a partner's link an operator stored). */
  | "url"
  /** A file name, answered as a whole `Content-Disposition: attachment` value (RFC 6266, with `filename*`). */
  | "attachment"
  /** A cookie's value (RFC 6265 cookie-octets). */
  | "cookie";

export type RefusalReason = "type" | "too_long" | "not_unicode" | "other_site" | "outside" | "not_http" | "empty";

export interface HeaderValueRule {
  /** What is answered instead of a value that cannot be kept (for "attachment": the file name). Printable ASCII. */
  fallback: string;
  /** For "path": the path must be this prefix or under it (`/admin` keeps `/admin`, `/admin/…`, `/admin?…`). */
  within?: string;
  /** Where a refusal is logged. */
  log?: Pick<Logger, "warn">;
}

/** Longer values are refused: no header of ours needs more, and clients and proxies cap a header's size. */
export const HEADER_VALUE_MAX_LENGTH = 2000;

const CONTROL = /\p{Cc}/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const BASE = "http://site.invalid";

export function headerValue(kind: HeaderValueKind, value: unknown, rule: HeaderValueRule): string {
  const refuse = (reason: RefusalReason) => {
    rule.log?.warn("header.refused", { kind, reason, length: typeof value === "string" ? value.length : 0 });
    return kind === "attachment" ? attachment(rule.fallback) : rule.fallback;
  };
  if (value === null || value === undefined || value === "") return kind === "attachment" ? attachment(rule.fallback) : rule.fallback;
  if (typeof value !== "string") return refuse("type");
  if (value.length > HEADER_VALUE_MAX_LENGTH) return refuse("too_long");
  if (!value.isWellFormed()) return refuse("not_unicode");
  const text = value.replace(CONTROL, "");
  const kept = keep(kind, text, rule.within);
  if (typeof kept !== "string") return refuse(kept.refused);
  // Whatever a kind's encoding missed, a header never carries it.
  return PRINTABLE_ASCII.test(kept) ? kept : refuse("not_unicode");
}

function keep(kind: HeaderValueKind, text: string, within?: string): string | { refused: RefusalReason } {
  switch (kind) {
    case "path":
      return sitePath(text, within);
    case "url":
      return httpUrl(text);
    case "attachment":
      return text.trim() ? attachment(text) : { refused: "empty" };
    case "cookie":
      return encodeURIComponent(text);
  }
}

/** The path, query and fragment of a same-site URL, resolved (dot segments) and percent-encoded by the URL parser. */
function sitePath(text: string, within?: string): string | { refused: RefusalReason } {
  // "//host" and "/\host" are other sites to a browser; a backslash anywhere is never ours.
  if (!text.startsWith("/") || text.startsWith("//") || text.includes("\\")) return { refused: "other_site" };
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return { refused: "other_site" };
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== BASE || path.startsWith("//")) return { refused: "other_site" };
  if (within && !(path === within || (path.startsWith(within) && /^[/?#]/.test(path.slice(within.length))))) return { refused: "outside" };
  return path;
}

function httpUrl(text: string): string | { refused: RefusalReason } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { refused: "not_http" };
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : { refused: "not_http" };
}

/** `attachment; filename="ascii"; filename*=UTF-8''utf-8` (RFC 6266 §4.3): old clients read the first, others the second. */
function attachment(name: string): string {
  const safe = name.replace(CONTROL, "").replace(/["\\/]/g, "_");
  const ascii = safe.replace(/[^\x20-\x7e]/gu, "_");
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === safe ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
