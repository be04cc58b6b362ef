import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { RenderPage } from "#app/features/go-live/scan.server.ts";

/**
 * The public pages as a visitor's GET gets them, rendered in this process by
 * React Router's own handler (no network, no page cache, no cookie): what the
 * go-live scan reads (issue 47, item 6). `origin` is the site's public origin,
 * or any when none is set (it only shapes canonical links).
 */
export function pageRenderer(
  build: () => Promise<ServerBuild>,
  mode: string | undefined,
  origin: string,
  contextOf: () => RouterContextProvider,
): RenderPage {
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  return async (path) => {
    handle ??= mode === "development" ? createRequestHandler(build, mode) : createRequestHandler(await build(), mode);
    const response = await handle(new Request(new URL(path, origin), { headers: { accept: "text/html" } }), contextOf());
    return { status: response.status, html: await response.text() };
  };
}
