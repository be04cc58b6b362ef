import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";

/**
 * A request answered before its body was read (a size limit, a rate limit,
 * the origin check, a refused upload, a 405) must not wedge its keep-alive
 * connection: the next request on it can only be parsed once the rest of
 * this body has passed. So, in one place for every route:
 *
 * - when the answer's head goes out and the body has not all arrived, a body
 *   of at most `drainBytes` (declared by Content-Length) keeps the connection
 *   and the rest is read and discarded after the answer; anything larger, or
 *   of unknown length (chunked), is answered with `Connection: close`;
 * - after the answer, whatever is left of the body is discarded (not kept),
 *   and a connection still draining after `drainMs` is closed;
 * - a connection closed with its body still coming is closed in stages
 *   (RFC 9112 §9.6, "the TCP reset problem"): our side is half-closed after
 *   the answer, and what the client still sends is read and dropped until it
 *   closes its side, or for at most `lingerMs`. Closed at once, the unread
 *   bytes would make the kernel answer with a reset, and a reset can reach
 *   the client before it has read the answer: it would see a broken
 *   connection instead of the 400.
 */
export interface UnreadBodyOptions {
  drainBytes?: number;
  drainMs?: number;
  lingerMs?: number;
}

export function settleUnreadBody(options: UnreadBodyOptions = {}) {
  const drainBytes = options.drainBytes ?? 64 * 1024;
  const drainMs = options.drainMs ?? 10_000;
  const lingerMs = options.lingerMs ?? 5_000;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!req.complete && !res.headersSent && !(Number(req.headers["content-length"]) <= drainBytes)) {
        res.setHeader("Connection", "close");
        closeInStages(req.socket, lingerMs);
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    res.once("finish", () => discardRest(req, res, drainMs));
    next();
  };
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function discardRest(req: IncomingMessage, res: ServerResponse, drainMs: number) {
  if (req.readableEnded || req.destroyed) return;
  // Whoever was reading (the web stream of the request) has given up: drop its listeners.
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.on("error", () => {});
  req.resume();
  // A keep-alive connection waits for the rest, within a bound; a closing one ends with the answer.
  if (String(res.getHeader("connection") ?? "").toLowerCase() === "close") return;
  const timer = setTimeout(() => req.socket.destroy(), drainMs);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
}

/**
 * Node closes a connection after its last answer with `socket.destroySoon()`;
 * for this socket that becomes a half-close followed by reading to the end.
 * The bytes are taken from the HTTP parser first, so nothing after the
 * answer is parsed as another request.
 */
function closeInStages(socket: Socket, lingerMs: number) {
  socket.destroySoon = function closeWhenTheClientHasSentAll(this: Socket) {
    this.removeAllListeners("data");
    this.on("data", () => {});
    this.on("error", () => {});
    this.resume();
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
  };
}
