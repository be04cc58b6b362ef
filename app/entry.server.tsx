import { PassThrough, Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { requestContext, servicesContext } from "#app/lib/services.server.ts";
import { StylesheetContext } from "#app/styles.tsx";
import { NonceContext } from "#app/nonce.ts";
import { rewriteShell } from "#app/lib/paint-first.server.ts";
import { isUnavailable, UNAVAILABLE_RETRY_AFTER_S } from "#app/web/refusals.ts";

export const streamTimeout = 5_000;

/**
 * React Router's error path (a loader, an action or the render threw): one
 * JSON line in the log with the stack's code locations as a field, never a
 * trace over several lines. A 4xx that React Router answers itself (a method
 * a route does not handle) is a warning without a stack.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  if (request.signal.aborted) return;
  // The database away: answered 503 with Retry-After; its watch logs the outage once (app/web/dependency-watch.server.ts).
  if (isUnavailable(error)) return;
  const provider = context as RouterContextProvider | undefined;
  const log = provider?.get(servicesContext).log;
  const requestId = provider?.get(requestContext).requestId;
  if (!log) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn("route.refused", { requestId, status: error.status });
    return;
  }
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  log.error("route.failed", { requestId }, cause);
}

/**
 * The status of a document that renders an error page: an action's own
 * status is the document's, so an action that answered 200 followed by a
 * loader that refused (a 429, a 503) would serve the refusal's page with 200
 * (issue 51). No error page is ever served with 200: it takes its error's
 * status (a thrown error that is no response, 500).
 */
export function errorPageStatus(status: number, routerContext: Pick<EntryContext, "staticHandlerContext">): number {
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (status >= 400 || errors.length === 0) return status;
  const error: unknown = errors[0];
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * A data request (a page with JavaScript loading or posting): refused
 * because the database is away, it says when to come back and is never kept,
 * as the document is below, whatever the route's own headers() give (issue 51).
 */
export function handleDataRequest(response: Response): Response {
  if (response.status === 503) {
    if (!response.headers.has("Retry-After")) response.headers.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseStatusCode = errorPageStatus(responseStatusCode, routerContext);
  // A page refused because the database is away says when to come back and is never kept, whatever
  // the route's own headers() would give a page of its kind (issue 39).
  if (responseStatusCode === 503) {
    if (!responseHeaders.has("Retry-After")) responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);

  // Production renders the whole document before answering: the server reads every page whole anyway
  // (kept, or compressed in one call: docs/decisions/0045), so no stream is worth its cost (issue 41).
  if (import.meta.env.PROD) return renderWhole(request, responseStatusCode, responseHeaders, routerContext, loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions = wantsWholeDocument(request, routerContext) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(documentOf(request, routerContext, loadContext), {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logRenderError(loadContext, error);
      },
    });
  });
}

/**
 * The production render: React writes the whole document into memory, the
 * page is made to paint before its JavaScript loads (docs/decisions/0012) in
 * one pass over it, and the answer is that string. The status is the one
 * the page had when its shell was ready, as when it streamed (a crawler's,
 * given once all is ready, counts a later error as it did).
 */
function renderWhole(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce } = loadContext.get(requestContext);
  const whole = wantsWholeDocument(request, routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = Buffer.concat(chunks).toString("utf8");
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(rewriteShell(html) ?? html, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(documentOf(request, routerContext, loadContext), {
      nonce,
      onShellReady() {
        shellRendered = true;
        if (!whole) status = responseStatusCode;
      },
      onAllReady() {
        if (whole) status = responseStatusCode;
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logRenderError(loadContext, error);
      },
    });
  });
}

/** The document React renders: the router with the request's nonce and the site's stylesheet. */
function documentOf(request: Request, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const { nonce } = loadContext.get(requestContext);
  return (
    <NonceContext.Provider value={nonce}>
      <StylesheetContext.Provider value={loadContext.get(servicesContext).stylesheet ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext.Provider>
    </NonceContext.Provider>
  );
}

/** Crawlers (and SPA mode) get the whole document at once; people get it as soon as its shell is ready. */
function wantsWholeDocument(request: Request, routerContext: EntryContext): boolean {
  const userAgent = request.headers.get("user-agent");
  return !!(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
}

/** An error after the shell went out: the page is already answered, so it is logged (one JSON line). */
function logRenderError(loadContext: RouterContextProvider, error: unknown) {
  loadContext.get(servicesContext).log.error("render.failed", { requestId: loadContext.get(requestContext).requestId }, error);
}
