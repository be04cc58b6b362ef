import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { connect, migrate, migrationsCurrent } from "#db/connect.ts";
import { ConfigError, configWarnings, readConfig, type ServerConfig } from "#server/config.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { createDependencyWatch } from "#app/web/dependency-watch.server.ts";
import { createDatabaseRateLimiter, createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { INSTANCE } from "#app/lib/job-lease.server.ts";
import { watchSqliteServing } from "#app/lib/serving-lease.server.ts";
import { siteStylesheetHref } from "#server/client-manifest.ts";
import { startRetentionJob } from "#app/features/retention/retention.server.ts";
import { createSending } from "#server/outbox.ts";
import { startCallbackAlerts } from "#app/features/pipeline/callback-alerts.server.ts";
import { logParserRefusals, refuseConnect } from "#server/malformed.ts";
import { createDrain } from "#server/drain.ts";
import {
  KEY_MISMATCH_EVENT,
  ROTATE_COMMAND,
  sealClearTotpSecrets,
  totpSecretsSealedWithOtherKey,
} from "#app/features/console/totp-at-rest.server.ts";

/**
 * Starts the site: reads the environment, opens and migrates the database,
 * serves HTTP, and on SIGTERM/SIGINT drains (server/drain.ts: /readyz answers
 * 503 for SHUTDOWN_DELAY_MS while the server keeps serving, then in-flight
 * requests finish) before closing the database.
 */
let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  createLogger({ level: "info" }).error("config.invalid", { setting: error.message });
  process.exit(1);
}
const log = createLogger({ level: config.logLevel });
for (const warning of configWarnings(config)) log.warn(warning.event, warning.fields);
// The database away answers 503 with Retry-After, its outage two log lines (issue 39).
const database = connect(config.databaseUrl, {
  poolMax: config.databasePoolMax,
  waitMs: config.databaseWaitMs,
  watch: createDependencyWatch(log),
});
await migrate(database.db);
// Authenticator secrets set up before they were sealed at rest are sealed now, once (ADR 0022).
const sealed = await sealClearTotpSecrets(database.db, config.secret);
if (sealed > 0) log.info("secrets.sealed", { count: sealed });
// A new APP_SECRET on an install that already ran: the secrets sealed with the old one do not open (issue 47, item 7).
const sealedWithOtherKey = await totpSecretsSealedWithOtherKey(database.db, config.secret);
if (sealedWithOtherKey > 0)
  log.warn(KEY_MISMATCH_EVENT, {
    count: sealedWithOtherKey,
    message: `authenticator secrets sealed with another APP_SECRET do not open: their operators cannot sign in until ${ROTATE_COMMAND} re-seals them (the old secret as APP_SECRET, this one as NEW_APP_SECRET; docs/deploy.md §4)`,
  });
// SQLite serves from one process: say so when another server already serves this file (ADR 0025).
const serving = database.dialect === "sqlite" ? watchSqliteServing(database.db, log) : null;
await serving?.check();
// Spec §9 retention, daily (also `npm run retention`).
const stopRetention = startRetentionJob(database.db, log);
// The app's bundle (in development through Vite): React Router's build, and what needs the catalogs Vite gathers.
const vite = config.development ? await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } })) : null;
const bundleOf: typeof import("#server/bundle.ts") = vite
  ? ((await vite.ssrLoadModule("./server/bundle.ts")) as typeof import("#server/bundle.ts"))
  : // @ts-ignore -- the build output exists after `npm run build`.
    await import("../build/server/index.js");
// The one outbox (ADR 0048): alerts to operators (issue 12), visitors' notifications (issue 38), invitation and
// reset links by e-mail when SMTP is configured (issue 29), each a channel; rows written with each event, one worker.
const alerts = createSending(database.db, config.alerts, log, { secret: config.secret, texts: bundleOf.serverT, text: config.text });
const linkMail = config.linkMail ? bundleOf.registerLinkMail(alerts.outbox, config.linkMail, config.secret) : null;
alerts.startWorker({ leaseMs: config.alertClaimLeaseMs, pollMs: config.outboxPollMs });
// A call-back the visitor asked for alerts its agent as it comes due (issue 26): every instance ticks, each alert goes once.
const stopCallbackAlerts = startCallbackAlerts(database.db, alerts, log);

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));
const services = {
  db: database.db,
  log,
  // One limit across every instance on PostgreSQL; in this process's memory on SQLite (ADR 0025).
  limiter:
    database.dialect === "postgres"
      ? createDatabaseRateLimiter(database.db, { ...config.rateLimit, secret: config.secret, log })
      : createRateLimiter(config.rateLimit),
  alerts,
  linkMail,
  secret: config.secret,
  secureCookies: config.secureCookies,
  kakaoMapAppKey: config.kakaoMapAppKey,
  stylesheet: config.development ? "" : siteStylesheetHref(clientDir),
  publicOrigin: config.publicOrigin,
  deployment: { ...config.deployment, sealedWithOtherKey },
  ogFetchAllowHosts: config.ogFetchAllowHosts,
  adminAllowNetworks: config.adminAllowNetworks,
  codesPerAddress: config.codesPerAddress,
};
const drain = createDrain({ delayMs: config.shutdownDelayMs });
const appOptions = {
  services,
  draining: drain.draining,
  ping: database.ping,
  ready: async () => (await database.ping()) && (await migrationsCurrent(database.db)),
  trustProxy: config.trustProxy,
  allowedOrigins: config.allowedOrigins,
  hsts: config.secureCookies,
  mode: config.nodeEnv,
  bodies: { maxBodies: config.bodies.max, graceMs: config.bodies.graceMs, minBytesPerSecond: config.bodies.minBytesPerSecond },
};

let handler: import("node:http").RequestListener;
if (vite) {
  const app = bundleOf.createApp(appOptions);
  app.use(vite.middlewares);
  bundleOf.mountReactRouter(app, services, () => vite.ssrLoadModule("virtual:react-router/server-build") as never, config.nodeEnv);
  handler = bundleOf.requestListener(app);
} else {
  handler = bundleOf.createProductionApp({ ...appOptions, clientDir });
}

const server = createServer(drain.listener(handler));
server.on(
  "connect",
  refuseConnect(() => log.info("request", { method: "CONNECT", status: 405 })),
);
// What Node's HTTP parser refuses never reaches Express: one JSON line each, rate-limited (issue 29).
server.on(
  "clientError",
  logParserRefusals((event, fields) => log.warn(event, fields)),
);
server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => {
  log.info("server.started", {
    port: config.port,
    dialect: database.dialect,
    instance: INSTANCE,
    mode: config.development ? "development" : "production",
  });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("server.stopping", { signal, delayMs: config.shutdownDelayMs });
  const retentionStopped = stopRetention();
  const callbackAlertsStopped = stopCallbackAlerts();
  // The delay is the server's own: the forced exit counts from its end.
  const force = setTimeout(() => {
    log.warn("server.forced_exit", {});
    process.exit(1);
  }, config.shutdownDelayMs + 10_000);
  force.unref();
  await drain.drain(server);
  await alerts.stop().catch(() => {});
  await retentionStopped;
  await callbackAlertsStopped;
  await serving?.stop();
  await database.close().catch(() => {});
  log.info("server.stopped", {});
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
