import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";

/**
 * Requests no page could answer are refused before any route sees them, with
 * a 4xx (never the 500 of a route that trips on them): a method the site
 * does not serve, a Host that is not a host, a path whose percent-encoding
 * does not decode.
 */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOW = SERVED_METHODS.join(", ");

/** A host name, IPv4 address or [IPv6] literal, with an optional port (RFC 9110 §7.2, RFC 3986 §3.2.2). */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d{1,5})?$/;

export function isValidHost(value: string | undefined): boolean {
  if (!value || !HOST.test(value)) return false;
  return URL.canParse(`http://${value}/`);
}

export function decodesCleanly(path: string): boolean {
  try {
    // The decoded path is used (compared), so no bundler drops the call as pure.
    return decodeURIComponent(path) !== null;
  } catch {
    return false;
  }
}

export function refuseMalformed() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!(SERVED_METHODS as readonly string[]).includes(req.method)) {
      return plain(res.status(405).set("Allow", ALLOW), "Method Not Allowed");
    }
    if (!isValidHost(req.get("host"))) return plain(res.status(400), "Bad Request: the Host header is not a host");
    if (!decodesCleanly(req.path)) return plain(res.status(400), "Bad Request: the path is not valid percent-encoding");
    next();
  };
}

function plain(res: Response, text: string) {
  res.type("text/plain").set("Cache-Control", "no-store").send(text);
}

/**
 * CONNECT never reaches Express: Node hands the raw socket to the server's
 * "connect" listener, and with none it drops the connection unanswered.
 * The site is no proxy: 405.
 */
export function refuseConnect(onRefused?: () => void) {
  return (_req: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => {});
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    onRefused?.();
  };
}

/** At most this many `http.refused` lines a minute; the rest are counted into the next line. */
export const PARSER_REFUSALS_LOGGED_PER_MINUTE = 60;

/** What Node's own parser answers, by its error code (node:_http_server's defaults). */
function parserStatus(code: string): string {
  if (code === "HPE_HEADER_OVERFLOW") return "431 Request Header Fields Too Large";
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return "413 Payload Too Large";
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "408 Request Timeout";
  return "400 Bad Request";
}

/**
 * The server's "clientError" listener (issue 29, point 5): a request Node's
 * HTTP parser refuses itself (a header line without a colon, a bad chunk
 * size, headers too large, a request that took too long) never reaches
 * Express, so without this it gets Node's 400 and no log line at all. Now
 * each refusal is one JSON line, `http.refused`, with the parser's code and
 * the answer's status: never the bytes that were sent. A flood is logged as
 * at most PARSER_REFUSALS_LOGGED_PER_MINUTE lines a minute; the first line
 * after a full minute carries how many were left out (`suppressed`).
 * A connection the client reset is no refusal and is only closed; nor is one
 * the client closed in the middle of a request (`HPE_INVALID_EOF_STATE`, a
 * body cut short): the client went away, which the body gate logs once as
 * `request_aborted` (server/body-gate.ts).
 */
export function logParserRefusals(
  log: (event: string, fields: Record<string, string | number>) => void,
  options: { perMinute?: number; now?: () => number } = {},
) {
  const perMinute = options.perMinute ?? PARSER_REFUSALS_LOGGED_PER_MINUTE;
  const now = options.now ?? Date.now;
  let windowStart = -Infinity;
  let logged = 0;
  let suppressed = 0;
  return (error: Error & { code?: string }, socket: Duplex) => {
    socket.on("error", () => {});
    const code = typeof error.code === "string" ? error.code.slice(0, 64) : "unknown";
    // A response already under way on this connection (a request timeout mid-answer): only closed.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (code === "ECONNRESET" || code === "HPE_INVALID_EOF_STATE" || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    const status = parserStatus(code);
    const t = now();
    if (t - windowStart >= 60_000) {
      windowStart = t;
      logged = 0;
    }
    if (logged < perMinute) {
      logged += 1;
      log("http.refused", { code, status: Number(status.slice(0, 3)), ...(suppressed ? { suppressed } : {}) });
      suppressed = 0;
    } else {
      suppressed += 1;
    }
    socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };
}
