import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "#app/lib/logger.server.ts";

/**
 * The request log: one line per request with its id, method, path without
 * the query, status and time in milliseconds. Nothing personal. Written by
 * the early path (server/hit-path.ts) for a page answered from the cache,
 * and by `requestLog` for everything that goes on to Express.
 */
export function logRequest(log: Logger, requestId: string, method: string, path: string, status: number, start: number) {
  log.info("request", { requestId, method, path: path.slice(0, 200), status, ms: Math.round(performance.now() - start) });
}

/** The request log as Express middleware: the line once the response has gone out; the id in `res.locals.requestId`. */
export function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    const requestId = randomUUID();
    res.locals.requestId = requestId;
    res.on("finish", () => logRequest(log, requestId, req.method, req.path, res.statusCode, start));
    next();
  };
}
