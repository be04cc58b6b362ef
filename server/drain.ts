import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/**
 * Stopping without losing a request behind a load balancer (issue 15, ADR
 * 0026). From the signal on the instance is *draining*: `/readyz` answers
 * 503 (server/app.ts asks `draining()`), so the proxy's health check takes
 * it out of rotation, and every response carries `Connection: close`, so no
 * keep-alive connection outlives the request it serves. For `delayMs` it
 * keeps serving what still arrives meanwhile (the proxy's health check
 * interval plus its timeout is the least that works); then it stops
 * accepting, lets the requests in flight finish, closes the connections left
 * idle, and resolves. With no delay (`npm start`, a developer's Ctrl-C) it
 * stops accepting at once.
 */
export interface Drain {
  /** True from `drain()` on. */
  draining: () => boolean;
  /** The request listener, wrapped: while draining, each response closes its connection. */
  listener: (handler: RequestListener) => RequestListener;
  /** Drains `server`; resolves once it is closed and every connection is gone. */
  drain: (server: Server) => Promise<void>;
}

/** How often connections that went idle after their last response are closed while the server closes. */
const SWEEP_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `wait` is for tests: the delay as a promise they release. */
export function createDrain(options: { delayMs: number; wait?: (ms: number) => Promise<void> }): Drain {
  const wait = options.wait ?? sleep;
  let draining = false;
  return {
    draining: () => draining,
    listener: (handler) => (req: IncomingMessage, res: ServerResponse) => {
      if (draining) res.setHeader("Connection", "close");
      handler(req, res);
    },
    async drain(server) {
      draining = true;
      if (options.delayMs > 0) await wait(options.delayMs);
      await new Promise<void>((resolve) => {
        // Keep-alive connections become idle as their last response ends: close them then.
        const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
