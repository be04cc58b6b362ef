import { readdirSync } from "node:fs";
import type { RequestListener } from "node:http";
import express from "express";
import { assetMiddleware, loadAssets } from "#server/precompressed.ts";
import { dynamicCompression } from "#server/dynamic-compression.ts";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type AppServices } from "#app/lib/services.server.ts";
import { alertsContext } from "#app/features/alerts/context.server.ts";
import type { Alerts } from "#app/features/alerts/alerts.server.ts";
import { sameOrigin, securityHeaders } from "#server/security.ts";
import { clearStore, createPageStore, reactRouterHandler, type PageStore } from "#server/router-handler.ts";
import { createHitPath, type HitPath } from "#server/hit-path.ts";
import { requestLog } from "#server/request-log.ts";
import { watchContent } from "#app/lib/content-version.server.ts";
import { settleUnreadBody } from "#server/unread-body.ts";
import { refuseMalformed } from "#server/malformed.ts";
import { bodyGate, type BodyGateOptions } from "#server/body-gate.ts";
import { detectLocale } from "#app/i18n/detect.server.ts";
import { langCookie, plainValue, setCookie } from "#app/lib/cookies.server.ts";
import { UNAVAILABLE_RETRY_AFTER_S } from "#app/web/refusals.ts";
import { renderPageContext } from "#app/features/go-live/scan.server.ts";
import { pageRenderer } from "#server/page-renderer.ts";

/**
 * The HTTP application: compression, security headers, static files, health
 * check and React Router (pages, form actions and the /svc JSON API). It is
 * bundled with the app by Vite (see vite.config.ts), so it shares the app's
 * context keys; server/main.ts gives it the database and the rest.
 */
/** The app's services and the one alerts outbox of this process (set in every request's context). */
export type ServerServices = AppServices & { alerts: Alerts };

export interface AppOptions {
  services: ServerServices;
  /** build/client in production; absent in development (Vite serves assets). */
  clientDir?: string;
  /** Answers whether the database answers (GET /healthz). */
  ping: () => Promise<boolean>;
  /** Answers whether this instance may take traffic: database reachable, migrations current (GET /readyz). */
  ready?: () => Promise<boolean>;
  /** True once the instance is stopping (server/drain.ts): /readyz answers 503 so the proxy takes it out. */
  draining?: () => boolean;
  trustProxy?: string | number | false;
  allowedOrigins?: string[];
  hsts?: boolean;
  /** Extra script/connect sources for the CSP (the map SDK's hosts). */
  cspScriptSrc?: string[];
  cspConnectSrc?: string[];
  /** NODE_ENV (server/config.ts), React Router's server mode. */
  mode?: string;
  /** Bodies read at once and how fast one must arrive (server/body-gate.ts); defaults as server/config.ts's. */
  bodies?: Partial<Pick<BodyGateOptions, "maxBodies" | "graceMs" | "minBytesPerSecond" | "sweepMs">>;
}

/** server/config.ts's defaults (BODY_READS_MAX, BODY_GRACE_MS, BODY_MIN_BYTES_PER_SECOND). */
const BODY_DEFAULTS = { maxBodies: 64, graceMs: 10_000, minBytesPerSecond: 1024 };

export function createApp(options: AppOptions) {
  const { services } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  app.set("etag", false);

  // A body answered before it was read never wedges its connection.
  app.use(settleUnreadBody());

  // Hashed file names never change: read once, and answered with the kept pages on the early
  // path (server/hit-path.ts, before Express). Here only what that path leaves: a GET with a body.
  const assets = options.clientDir ? loadAssets(`${options.clientDir}/assets`) : undefined;
  if (assets) app.use("/assets", assetMiddleware(assets));

  app.use(requestLog(services.log));
  app.use(refuseMalformed());
  const pages = createPageStore();
  app.locals.pages = pages;
  app.locals.hitPath = createHitPath({
    assets,
    pages,
    publicOrigin: services.publicOrigin,
    trustProxy: app.get("trust proxy fn"),
    log: services.log,
    secureCookies: services.secureCookies,
  });
  app.use(dynamicCompression());
  app.use(
    securityHeaders({
      hsts: options.hsts ?? false,
      extraScriptSrc: options.cspScriptSrc,
      extraConnectSrc: options.cspConnectSrc,
    }),
  );

  /** /healthz and /readyz: JSON, never cached, and a 503 says when to ask again, like every 503 (ADR 0046). */
  const probeAnswer = (res: express.Response, ok: boolean, status: string) => {
    res
      .status(ok ? 200 : 503)
      .type("application/json")
      .set("Cache-Control", "no-store");
    if (!ok) res.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_S));
    res.send(JSON.stringify({ status }));
  };

  app.get("/healthz", async (_req, res) => {
    const ok = await options.ping().catch(() => false);
    probeAnswer(res, ok, ok ? "ok" : "unavailable");
  });

  // For a load balancer (issue 15): /healthz says the process lives, /readyz that it can serve.
  app.get("/readyz", async (_req, res) => {
    const ready = !options.draining?.() && (await (options.ready ?? options.ping)().catch(() => false));
    probeAnswer(res, ready, ready ? "ready" : options.draining?.() ? "draining" : "unavailable");
  });

  if (options.clientDir) {
    // The other public files (images/, videos/, favicon.svg …), by the names at the top of the
    // build: a page URL goes straight to React Router without a look at the disk.
    const topLevel = new Set(readdirSync(options.clientDir));
    const files = express.static(options.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (topLevel.has(req.path.split("/", 2)[1] ?? "") ? files(req, res, next) : next()));
  }

  app.use(sameOrigin(options.allowedOrigins, (event, fields) => services.log.warn(event, fields)));

  // An explicit ?lang= is remembered in the cookie that mirrors localStorage (spec §4).
  app.use(async (req, res, next) => {
    if (typeof req.query.lang === "string") {
      const { locale, source } = detectLocale(new Request(`http://x${req.originalUrl}`));
      if (source === "query" && plainValue(langCookie, req.get("cookie") ?? null) !== locale) {
        res.append("Set-Cookie", await setCookie(langCookie, locale, services.secureCookies));
      }
    }
    next();
  });

  // Form and API bodies: a bounded number read at once, each at a minimum rate (ADR 0044).
  const myanmarFont = assets ? [...assets.keys()].find((path) => /^\/noto-sans-myanmar-[\w-]+\.woff2$/.test(path)) : undefined;
  const gate = bodyGate({
    ...BODY_DEFAULTS,
    ...options.bodies,
    myanmarFont: myanmarFont && `/assets${myanmarFont}`,
    log: (event, fields) => services.log.info(event, fields),
  });
  app.locals.bodyGate = gate;
  app.use(gate);

  return app;
}

/**
 * The server's request listener: the early path (assets and kept pages from
 * memory, docs/decisions/0030), and Express for everything it leaves.
 */
export function requestListener(app: express.Express): RequestListener {
  const hits = app.locals.hitPath as HitPath;
  return (req, res) => {
    if (!hits(req, res)) app(req, res);
  };
}

/**
 * React Router as the last handler, with the services and per-request facts
 * in its context. Its page cache is dropped whenever the operators' content
 * changes, on whichever instance it was changed (ADR 0021).
 */
export function mountReactRouter(
  app: express.Express,
  services: ServerServices,
  build: () => Promise<import("react-router").ServerBuild>,
  mode?: string,
) {
  const store = app.locals.pages as PageStore;
  watchContent(services.db, () => clearStore(store), {
    onError: (error) => services.log.warn("content.check_failed", { error: error instanceof Error ? error.message : String(error) }),
  });
  // The go-live scan renders the public pages through the same handler, in this process (issue 47, item 6).
  const visitorContext = () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(alertsContext, services.alerts);
    context.set(requestContext, { nonce: "", clientIp: "127.0.0.1", requestId: "golive-scan" });
    return context;
  };
  const renderPage = pageRenderer(build, mode, services.publicOrigin || "http://localhost", visitorContext);
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build,
      mode,
      store,
      publicOrigin: services.publicOrigin,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(alertsContext, services.alerts);
        context.set(requestContext, {
          nonce: String(res.locals.nonce ?? ""),
          clientIp: req.ip ?? "unknown",
          requestId: String(res.locals.requestId ?? "-"),
        });
        context.set(renderPageContext, renderPage);
        return context;
      },
    }),
  );
  // A last resort: never leak a stack trace (it is logged on the request's one JSON line).
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    services.log.error("unhandled", { requestId: String(res.locals.requestId ?? "-") }, error);
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
    else res.destroy();
  });
}
