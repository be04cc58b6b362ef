import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Security headers on every response. Scripts run only with this response's
 * nonce, or on a page served from the page cache with their hashes
 * (`withScriptHashes`); 'strict-dynamic' lets those scripts load the route
 * chunks and, on the location page, the map SDK. Inline style attributes are allowed; inline
 * script is not.
 */
function contentSecurityPolicy(nonce: string, extra: { scriptSrc?: string[]; connectSrc?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' ${(extra.scriptSrc ?? []).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${(extra.connectSrc ?? []).join(" ")}`.trim(),
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of a page served from the page cache: its bytes are the same for
 * every visitor, so its inline scripts are allowed by their SHA-256
 * (server/page-cache.ts) instead of this response's nonce; 'strict-dynamic'
 * still lets them load the route chunks (docs/decisions/0019).
 */
export function withScriptHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  return policy.replace(`'nonce-${nonce}' `, hashes.length ? `${hashes.join(" ")} ` : "");
}

/** The security headers that are the same on every response (HSTS only behind HTTPS). */
function fixedHeaders(hsts: boolean): [string, string][] {
  return [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["x-frame-options", "DENY"],
    ["cross-origin-opener-policy", "same-origin"],
    ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(hsts ? [["strict-transport-security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
}

/** Every header `securityHeaders` may set: a page kept in the cache keeps them with its bytes. */
export const SECURITY_HEADER_NAMES: readonly string[] = ["content-security-policy", ...fixedHeaders(true).map(([name]) => name)];

export function securityHeaders(options: { hsts: boolean; extraScriptSrc?: string[]; extraConnectSrc?: string[] }) {
  const fixed = fixedHeaders(options.hsts);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, { scriptSrc: options.extraScriptSrc, connectSrc: options.extraConnectSrc }),
    );
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

/**
 * State-changing requests must come from this site: a browser always sends
 * Origin on a cross-site POST, so a foreign Origin is refused. Requests with
 * no Origin (server-to-server, curl) pass; they carry no visitor's cookies.
 * `Origin: null` passes only with `Sec-Fetch-Site: same-origin`.
 * When the refused Origin is this very host over https while Express sees
 * plain http, the proxy in front terminates TLS and is not trusted
 * (TRUST_PROXY): `warn` is called once per process to say so.
 */
export function sameOrigin(allowed: string[] = [], warn: (event: string, fields: Record<string, string>) => void = () => {}) {
  let warned = false;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    // A page with Referrer-Policy: no-referrer (a request's status page, issue 28) makes the browser send
    // `Origin: null` even to its own site; Sec-Fetch-Site, which no page can set, then says whether it is.
    if (origin === "null") {
      if (req.get("sec-fetch-site") !== "same-origin") return refuse(res);
      // Checked here: React Router's own check of an action's Origin would refuse "null" with a 400.
      delete req.headers.origin;
      return next();
    }
    if (!origin) return next();
    const self = `${req.protocol}://${req.get("host")}`;
    if (origin === self || allowed.includes(origin)) return next();
    if (!warned && req.protocol === "http" && origin === `https://${req.get("host")}`) {
      warned = true;
      warn("security.proxy_scheme_untrusted", {
        message:
          "A browser POST from https was refused because this server sees http: the proxy in front terminates TLS but is not trusted. Set TRUST_PROXY to its hop count (1) or address so X-Forwarded-Proto is believed",
      });
    }
    return refuse(res);
  };
}

function refuse(res: Response) {
  res
    .status(403)
    .type("application/json")
    .send(JSON.stringify({ res_status: 403, message: "Forbidden", errors: {} }));
}
