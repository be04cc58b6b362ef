import type { ServerBuild } from "react-router";
import type { AppOptions } from "#server/app.ts";
import { createApp, mountReactRouter, requestListener } from "#server/app.ts";

/**
 * The production server bundle's entry (vite.config.ts makes it the SSR
 * input): the app plus React Router's build, all in one module graph. The
 * request listener: the early path for assets and kept pages, then Express.
 */
export function createProductionApp(options: AppOptions) {
  const app = createApp(options);
  mountReactRouter(app, options.services, () => import("virtual:react-router/server-build") as Promise<ServerBuild>, options.mode);
  return requestListener(app);
}

export { createApp, mountReactRouter, requestListener };
// Invitation and reset links on the outbox (issue 29, ADR 0048): their mail texts are the console's JSON catalogs, bundled here.
export { registerLinkMail } from "#app/features/operators/link-mail.server.ts";
// The site's translation, for the visitors' notifications the alerts' worker sends (issue 38): it runs from source, without Vite's catalogs.
export { serverT } from "#app/i18n/catalog.server.ts";
