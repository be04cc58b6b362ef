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
