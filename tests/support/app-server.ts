import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { TestServices } from "#tests/support/services.ts";
import type { AppOptions } from "#server/app.ts";

/**
 * The whole app (server/app.ts and React Router's build, rendered through Vite
 * as `npm run dev` does) listening on a loopback port of the test process,
 * with the test's services: what a script or a browser meets on a running
 * server, without a production build. One Vite for the test file.
 */
let vite: Promise<ViteDevServer> | undefined;

function viteServer(): Promise<ViteDevServer> {
  vite ??= import("vite").then((m) => m.createServer({ server: { middlewareMode: true, hmr: false, ws: false }, logLevel: "error" }));
  return vite;
}

export async function closeVite() {
  if (vite) await (await vite).close();
  vite = undefined;
}

export async function startAppServer(
  services: TestServices,
  options: Pick<AppOptions, "bodies"> = {},
): Promise<{ origin: string; port: number; close: () => Promise<void> }> {
  const v = await viteServer();
  const bundle = (await v.ssrLoadModule("./server/bundle.ts")) as typeof import("#server/bundle.ts");
  const app = bundle.createApp({ services, ping: async () => true, mode: "development", ...options });
  bundle.mountReactRouter(app, services, () => v.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>, "development");
  const server: Server = createServer(bundle.requestListener(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
