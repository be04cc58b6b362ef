import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { localeOf } from "#app/i18n/detect.server.ts";
import { serverT } from "#app/i18n/catalog.server.ts";
import { LANG_QUERY, LOCALE_TAG, type Locale } from "#app/i18n/locales.ts";

/**
 * Bodies being read, bounded (issue 39 item 5, ADR 0044). A request whose
 * body is still arriving holds React Router's whole request (its web Request,
 * matches, action and promises: ~120 KB measured) until the last byte; a
 * thousand clients sending a few bytes every ten seconds ran the process out
 * of heap. So, for every request with a body, per process:
 *
 * - at most `maxBodies` are read at once; one more is answered 503 with
 *   `Retry-After` at once, before a byte of its body is read (its connection
 *   then settles as server/unread-body.ts says);
 * - a body must keep coming: once `graceMs` have passed, one that has
 *   arrived at less than `minBytesPerSecond` on average since its head is
 *   answered 408 and its connection closed;
 * - a client that goes away before its body has all arrived is one `info`
 *   line, `request_aborted` (the method, the path without its query, the
 *   bytes that came: nothing personal).
 *
 * A slot is freed when the body has all arrived or the answer is done,
 * whichever comes first. One timer sweeps the bodies being read, once a
 * second, only while there are any.
 */
export interface BodyGateOptions {
  maxBodies: number;
  graceMs: number;
  minBytesPerSecond: number;
  log: (event: string, fields: Record<string, string | number>) => void;
  /** The self-hosted Unicode Burmese font (build/client/assets), for the page in Burmese: phones without a Myanmar font show boxes. */
  myanmarFont?: string;
  /** How often the bodies being read are checked (tests shorten it). */
  sweepMs?: number;
  now?: () => number;
}

interface Reading {
  req: Request;
  res: Response;
  started: number;
  /** The socket's bytes read when the head was parsed; what came since is (about) the body. */
  baseline: number;
  /** Answered here (408): the connection's end is ours, not the client's going away. */
  timedOut: boolean;
}

export interface BodyGate {
  (req: Request, res: Response, next: NextFunction): void;
  /** Bodies being read now. */
  reading(): number;
}

export function bodyGate(options: BodyGateOptions): BodyGate {
  const now = options.now ?? Date.now;
  const sweepMs = options.sweepMs ?? 1000;
  const retryAfter = String(Math.max(1, Math.ceil(options.graceMs / 1000)));
  const readings = new Set<Reading>();
  let timer: ReturnType<typeof setInterval> | null = null;

  const sweep = () => {
    const at = now();
    for (const reading of readings) {
      const elapsed = at - reading.started;
      if (elapsed < options.graceMs) continue;
      const received = reading.req.socket.bytesRead - reading.baseline;
      if (received >= (options.minBytesPerSecond * elapsed) / 1000) continue;
      timeOut(reading);
    }
  };
  const release = (reading: Reading) => {
    if (!readings.delete(reading)) return;
    if (readings.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const timeOut = (reading: Reading) => {
    release(reading);
    reading.timedOut = true;
    const { req, res } = reading;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.once("finish", () => setImmediate(() => req.socket.destroy()));
    answer(req, res, 408, "slow", { Connection: "close" }, options.myanmarFont);
  };

  const gate = (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    if (readings.size >= options.maxBodies) {
      answer(req, res, 503, "busy", { "Retry-After": retryAfter }, options.myanmarFont);
      return;
    }
    const reading: Reading = { req, res, started: now(), baseline: req.socket.bytesRead, timedOut: false };
    readings.add(reading);
    timer ??= setInterval(sweep, sweepMs);
    timer.unref?.();
    req.once("end", () => release(reading));
    res.once("close", () => release(reading));
    req.once("close", () => {
      release(reading);
      if (req.complete || reading.timedOut || res.writableFinished) return;
      options.log("request_aborted", {
        method: req.method,
        path: req.path.slice(0, 200),
        bytes: Math.max(0, req.socket.bytesRead - reading.baseline),
        ms: now() - reading.started,
      });
    });
    next();
  };
  return Object.assign(gate, { reading: () => readings.size });
}

function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

type Reason = "busy" | "slow";

/**
 * The refusal, before the body is read: the API's JSON envelope for /svc/,
 * a short page in the visitor's language for everything else.
 */
function answer(req: Request, res: Response, status: 503 | 408, reason: Reason, headers: Record<string, string>, myanmarFont?: string) {
  const locale = requestLocale(req);
  // A form sent with JavaScript is still on the visitor's screen: send it again. The page stands in its place: go back to it (issue 51).
  const message = serverT(locale, `overload.${reason}.body`);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (req.path.startsWith("/svc/")) {
    res.type("application/json").send(JSON.stringify({ res_status: status, message, errors: {} }));
    return;
  }
  const back = `${req.path.replace(/\.data$/, "").replace(/^\/_root$/, "/")}?${LANG_QUERY}=${locale}`;
  res
    .type("text/html")
    .send(
      refusalPage(
        locale,
        serverT(locale, `overload.${reason}.title`),
        reason === "busy" ? serverT(locale, "overload.busy.page") : message,
        { href: back, text: serverT(locale, "overload.back") },
        myanmarFont,
      ),
    );
}

function requestLocale(req: Request): Locale {
  const query = typeof req.query[LANG_QUERY] === "string" ? req.query[LANG_QUERY] : null;
  return localeOf(query, req.headers.cookie ?? null, req.headers["accept-language"] ?? null).locale;
}

const FONT_STACK = `system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Myanmar","Myanmar Text",Padauk,"Helvetica Neue",Arial,sans-serif`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A page of its own (no script, no stylesheet): it must cost nothing while the server is pressed. */
export function refusalPage(
  locale: Locale,
  title: string,
  message: string,
  back: { href: string; text: string },
  myanmarFont?: string,
): string {
  // The site's own stack (app/styles/global.css --font-system); in Burmese the self-hosted font first.
  const burmese = locale === "my" && myanmarFont;
  const font = burmese
    ? `<style>@font-face{font-family:"Noto Sans Myanmar Web";src:url("${escapeHtml(myanmarFont)}") format("woff2");font-display:swap}</style>`
    : "";
  return (
    `<!doctype html><html lang="${LOCALE_TAG[locale]}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title>${font}</head>` +
    `<body style='font-family:${burmese ? `"Noto Sans Myanmar Web",` : ""}${FONT_STACK};max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:${locale === "my" ? 1.9 : 1.5}'>` +
    `<main><h1 style="font-size:1.375rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
    `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p></main></body></html>`
  );
}
