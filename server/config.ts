import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createFileOnce } from "#app/lib/file-once.server.ts";
import { isIP } from "node:net";
import * as v from "valibot";
import type { LogLevel } from "#app/lib/logger.server.ts";
import { hostList } from "#app/lib/outbound.server.ts";
import { badNetworks } from "#app/lib/networks.server.ts";
import { alertConfig, type AlertConfig } from "#app/features/alerts/config.server.ts";
import { CLAIM_LEASE_MS, POLL_MS, SEND_TIMEOUT_MS } from "#app/outbox/policy.ts";
import { parseTemplates, type TextSettings } from "#app/outbox/text/channel.server.ts";
import { DEFAULT_DATABASE_URL } from "#db/connect.ts";
import type { DeploymentFacts } from "#app/lib/services.server.ts";

/**
 * Every environment variable the server and its scripts read, here and only
 * here (README "Configuration" lists them; the test tooling's own E2E_*,
 * TEST_POSTGRES_URL, CHROME_PATH and BENCH_PORT stay with the tools). The
 * schema checks each value once at start-up: a bad one stops the server with
 * one error that names the variable. An empty value counts as unset.
 */
const positiveInt = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*\d+\s*$/, "must be a positive integer"),
      v.transform(Number),
      v.minValue(1, "must be a positive integer"),
    ),
    fallback,
  );
/** Milliseconds, 0 or more, at most `max`. */
const milliseconds = (fallback: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*\d+\s*$/, "must be a whole number of milliseconds"),
      v.transform(Number),
      v.maxValue(max, `must be at most ${max} (milliseconds)`),
    ),
    fallback,
  );
/** "1" turns a switch on; unset or "0" leaves it off. */
const flag = v.pipe(
  v.optional(v.picklist(["0", "1"], "must be 1 (on) or 0 (off)"), "0"),
  v.transform((value) => value === "1"),
);
const list = v.pipe(
  v.optional(v.string(), ""),
  v.transform((value: string) => hostList(value)),
);
/** What Express's `trust proxy` takes as an address: an IP, a CIDR range or one of proxy-addr's names. */
function isProxyAddress(value: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(value)) return true;
  const [ip, bits, more] = value.split("/");
  const version = isIP(ip ?? "");
  if (!version || more !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) ? Number(bits) <= (version === 4 ? 32 : 128) : isIP(bits) === 4;
}
const text = (fallback: string) => v.optional(v.string(), fallback);
const urlWith = (scheme: RegExp, message: string) => v.optional(v.pipe(v.string(), v.regex(scheme, message)));

export const envSchema = v.pipe(
  v.object({
    PORT: positiveInt("3000"),
    HOST: text("0.0.0.0"),
    DATABASE_URL: v.optional(
      v.pipe(v.string(), v.regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: or postgres://")),
      DEFAULT_DATABASE_URL,
    ),
    DATABASE_POOL_MAX: positiveInt("10"),
    DATABASE_WAIT_MS: milliseconds("5000", 60_000),
    SHUTDOWN_DELAY_MS: milliseconds("0", 60_000),
    LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error"], "must be debug, info, warn or error"), "info"),
    RATE_LIMIT_MAX: positiveInt("20"),
    RATE_LIMIT_WINDOW_MS: positiveInt("60000"),
    RATE_LIMIT_DISABLED: flag,
    CODES_PER_ADDRESS: positiveInt("10"),
    BODY_READS_MAX: positiveInt("64"),
    BODY_GRACE_MS: v.pipe(milliseconds("10000", 300_000), v.minValue(1000, "must be at least 1000 (milliseconds)")),
    BODY_MIN_BYTES_PER_SECOND: positiveInt("1024"),
    TRUST_PROXY: v.pipe(
      v.optional(v.string(), ""),
      v.check(
        (value) => value.trim() !== "true",
        "must name the proxy, not true: trusting every hop lets any client choose its address (and its rate limit) with X-Forwarded-For; give the number of proxies in front (1) or their addresses",
      ),
      v.check(
        (value) => !value || /^\s*\d+\s*$/.test(value) || hostList(value).every(isProxyAddress),
        "must be a hop count (1) or comma-separated proxy addresses (IP, CIDR, loopback, linklocal, uniquelocal)",
      ),
      v.transform((value): string | number | false => (!value ? false : /^\s*\d+\s*$/.test(value) ? Number(value) || false : value)),
    ),
    SECURE_COOKIES: flag,
    ALLOWED_ORIGINS: list,
    APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
    APP_SECRET_FILE: text("./data/secret.key"),
    PUBLIC_ORIGIN: v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^(https?:\/\/[^/]+\/?)?$/, "must be an origin: http(s)://host[:port]")), ""),
      v.transform((value) => value.replace(/\/$/, "")),
    ),
    KAKAO_MAP_APP_KEY: text(""),
    NODE_ENV: v.optional(v.string()),
    OG_FETCH_ALLOW_HOSTS: list,
    /** The networks /admin answers (CIDR blocks, comma-separated; issue 52): empty, every network. */
    ADMIN_ALLOW_NETWORKS: v.pipe(
      v.optional(v.string(), ""),
      v.transform((value: string) =>
        value
          .split(",")
          .map((block) => block.trim())
          .filter(Boolean),
      ),
      v.check((blocks) => badNetworks(blocks).length === 0, "must be CIDR blocks separated by commas (203.0.113.0/24, 2001:db8::/48)"),
    ),
    ALERT_WEBHOOK_URL: urlWith(/^https?:\/\//, "must start with http:// or https://"),
    ALERT_WEBHOOK_SECRET: text(""),
    SMTP_URL: urlWith(/^smtps?:\/\//, "must start with smtp:// or smtps://"),
    ALERT_EMAIL_TO: list,
    ALERT_EMAIL_FROM: text("K-Loan Guide <alerts@localhost.invalid>"),
    ALERT_LANG: v.optional(v.picklist(["ko", "en"], "must be ko or en"), "ko"),
    VAPID_PUBLIC_KEY: v.optional(v.string()),
    VAPID_PRIVATE_KEY: v.optional(v.string()),
    VAPID_KEYS_FILE: v.optional(v.string()),
    VAPID_SUBJECT: v.optional(v.string()),
    PUSH_ALLOW_HOSTS: list,
    SOLAPI_API_KEY: text(""),
    SOLAPI_API_SECRET: text(""),
    SOLAPI_BASE_URL: urlWith(/^https?:\/\/[^/]+\/?$/, "must be an origin: http(s)://host[:port]"),
    TEXT_SENDER_NUMBER: v.optional(
      v.pipe(v.string(), v.regex(/^0\d{8,10}$/, "must be the pre-registered sender number, digits only (e.g. 0212345678)")),
    ),
    KAKAO_CHANNEL_ID: text(""),
    ALIMTALK_TEMPLATES: v.pipe(
      text(""),
      v.check((value) => {
        try {
          parseTemplates(value);
          return true;
        } catch {
          return false;
        }
      }, "must be kind.lang=templateId, comma-separated (kinds status_link, call_notice, code; languages en, vi, id, my, mn)"),
      v.transform((value) => parseTemplates(value)),
    ),
    OUTBOX_POLL_MS: milliseconds(String(POLL_MS), 60_000),
    ALERT_CLAIM_LEASE_MS: v.pipe(
      milliseconds(String(CLAIM_LEASE_MS), 10 * 60_000),
      v.minValue(SEND_TIMEOUT_MS + 1000, `must be above one attempt's limit, ${SEND_TIMEOUT_MS} ms, by a second at least`),
    ),
  }),
  v.check((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together"),
  v.check(
    (env) => !env.SOLAPI_API_KEY === !env.SOLAPI_API_SECRET && (!env.SOLAPI_API_KEY || !!env.TEXT_SENDER_NUMBER),
    "SOLAPI_API_KEY and SOLAPI_API_SECRET must be set together, with TEXT_SENDER_NUMBER",
  ),
);

/** The environment, checked and typed (no file touched: scripts read it too). */
export type Settings = v.InferOutput<typeof envSchema>;

/** A bad setting: the message names every offending variable. */
export class ConfigError extends Error {}

/** Checks the environment; throws ConfigError naming each bad variable. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(envSchema, given);
  if (result.success) return result.output;
  throw new ConfigError(
    result.issues
      .map((issue) => {
        const name = v.getDotPath(issue);
        return name ? `${name} ${issue.message}` : issue.message;
      })
      .join("; "),
  );
}

/** For the CLI scripts: the settings, or the problem on stderr (`script: …`) and exit 1. */
export function scriptSettings(script: string, env: NodeJS.ProcessEnv = process.env): Settings {
  try {
    return readSettings(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${script}: ${error.message}`);
    process.exit(1);
  }
}

/** What the server runs with (settings plus the secrets kept on disk). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  databasePoolMax: number;
  /** How long a query waits for the database (SQLite: another process's write lock; PostgreSQL: a pooled connection) before it is away. */
  databaseWaitMs: number;
  logLevel: LogLevel;
  /**
   * On SIGTERM, how long the server keeps serving (with /readyz answering 503
   * and every response closing its connection) before it stops accepting, so
   * a load balancer's health check takes it out first (ADR 0026).
   */
  shutdownDelayMs: number;
  rateLimit: { max: number; windowMs: number; disabled: boolean };
  /** One-time codes one address may ask for in an hour, whatever the number (phone-proof; the end-to-end run raises it). */
  codesPerAddress: number;
  /** Request bodies being read at once, and how fast one must arrive (server/body-gate.ts, ADR 0044). */
  bodies: { max: number; graceMs: number; minBytesPerSecond: number };
  trustProxy: string | number | false;
  secret: string;
  secureCookies: boolean;
  allowedOrigins: string[];
  kakaoMapAppKey: string;
  publicOrigin: string;
  /** NODE_ENV as given (React Router's server mode). */
  nodeEnv: string | undefined;
  development: boolean;
  /** Tests only: hosts the blog-link preview fetch may reach although private. */
  ogFetchAllowHosts: string[];
  /** ADMIN_ALLOW_NETWORKS: the only networks /admin answers (issue 52); empty, all. */
  adminAllowNetworks: string[];
  alerts: AlertConfig;
  /** How long the alert worker holds the rows it claimed (default CLAIM_LEASE_MS; the restart test shortens it). */
  alertClaimLeaseMs: number;
  /** The outbox worker's safety-net poll (default POLL_MS; tests shorten it). */
  outboxPollMs: number;
  /** The text channel (issue 49): SOLAPI's key, secret and address, the sender number, the Kakao channel and templates; null when off. */
  text: TextConfig | null;
  /** SMTP_URL and ALERT_EMAIL_FROM: invitation and reset links by e-mail (issue 29); null without SMTP. */
  linkMail: { smtpUrl: string; from: string } | null;
  /** Secrets not in the environment, so made and kept in a file on this machine (APP_SECRET, the VAPID keys). */
  secretsOnDisk: string[];
  deployment: DeploymentFacts;
}

export interface TextConfig {
  solapi: { apiKey: string; apiSecret: string; baseUrl?: string };
  settings: TextSettings;
}

/** The text channel's settings (issue 49), or null when SOLAPI is not configured. */
export function textConfigOf(s: Settings): TextConfig | null {
  if (!s.SOLAPI_API_KEY || !s.SOLAPI_API_SECRET || !s.TEXT_SENDER_NUMBER) return null;
  return {
    solapi: { apiKey: s.SOLAPI_API_KEY, apiSecret: s.SOLAPI_API_SECRET, baseUrl: s.SOLAPI_BASE_URL },
    settings: { from: s.TEXT_SENDER_NUMBER, kakaoChannelId: s.KAKAO_CHANNEL_ID || null, templates: s.ALIMTALK_TEMPLATES },
  };
}

/** A secret kept next to the SQLite file when none is configured, so restarts keep cookies valid. */
export function appSecretOf(settings: Settings): string {
  if (settings.APP_SECRET) return settings.APP_SECRET;
  const file = settings.APP_SECRET_FILE;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  // Another process may make it at the same moment: then its secret is the one kept.
  return createFileOnce(file, secret) ? secret : readFileSync(file, "utf8").trim();
}

/** Settings to the server's configuration; makes the secret and the Web Push keys on first start. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const s = readSettings(env);
  return {
    port: s.PORT,
    host: s.HOST,
    databaseUrl: s.DATABASE_URL,
    databasePoolMax: s.DATABASE_POOL_MAX,
    databaseWaitMs: s.DATABASE_WAIT_MS,
    logLevel: s.LOG_LEVEL,
    shutdownDelayMs: s.SHUTDOWN_DELAY_MS,
    rateLimit: { max: s.RATE_LIMIT_MAX, windowMs: s.RATE_LIMIT_WINDOW_MS, disabled: s.RATE_LIMIT_DISABLED },
    codesPerAddress: s.CODES_PER_ADDRESS,
    bodies: { max: s.BODY_READS_MAX, graceMs: s.BODY_GRACE_MS, minBytesPerSecond: s.BODY_MIN_BYTES_PER_SECOND },
    trustProxy: s.TRUST_PROXY,
    secret: appSecretOf(s),
    secureCookies: s.SECURE_COOKIES,
    allowedOrigins: s.ALLOWED_ORIGINS,
    kakaoMapAppKey: s.KAKAO_MAP_APP_KEY,
    publicOrigin: s.PUBLIC_ORIGIN,
    nodeEnv: s.NODE_ENV,
    development: s.NODE_ENV === "development",
    ogFetchAllowHosts: s.OG_FETCH_ALLOW_HOSTS,
    adminAllowNetworks: s.ADMIN_ALLOW_NETWORKS,
    alerts: alertConfigOf(s),
    alertClaimLeaseMs: s.ALERT_CLAIM_LEASE_MS,
    linkMail: s.SMTP_URL ? { smtpUrl: s.SMTP_URL, from: s.ALERT_EMAIL_FROM } : null,
    outboxPollMs: s.OUTBOX_POLL_MS,
    text: textConfigOf(s),
    secretsOnDisk: [
      ...(s.APP_SECRET ? [] : ["APP_SECRET"]),
      ...(s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY ? [] : ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]),
    ],
    deployment: deploymentFacts(s),
  };
}

/** What the go-live check reads of the environment: whether each thing is set, never a secret's value. */
export function deploymentFacts(s: Settings): DeploymentFacts {
  return {
    publicOrigin: s.PUBLIC_ORIGIN,
    appSecretSet: !!s.APP_SECRET,
    smtpSet: !!s.SMTP_URL,
    vapidSet: !!(s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY),
    adminNetworksSet: s.ADMIN_ALLOW_NETWORKS.length > 0,
  };
}

/** Settings that work but deserve an operator's look, as log events (server/main.ts logs them at start). */
export function configWarnings(config: ServerConfig): { event: string; fields: Record<string, string> }[] {
  const warnings: { event: string; fields: Record<string, string> }[] = [];
  if (config.trustProxy !== false && !config.publicOrigin) {
    warnings.push({
      event: "config.public_origin_unset",
      fields: {
        message:
          "TRUST_PROXY is set but PUBLIC_ORIGIN is not: canonical, Open Graph and sitemap URLs take the scheme and host each request claims. Set PUBLIC_ORIGIN to the site's https origin",
      },
    });
  }
  if (/^postgres(ql)?:\/\//.test(config.databaseUrl) && config.secretsOnDisk.length > 0) {
    warnings.push({
      event: "config.secrets_per_machine",
      fields: {
        unset: config.secretsOnDisk.join(","),
        message:
          "DATABASE_URL is PostgreSQL, where several instances may serve as one site, but these secrets come from a file on this machine: every instance must have the same ones (sessions, form tokens, rate-limit keys, Web Push). Set them in the environment of every instance",
      },
    });
  }
  return warnings;
}

/** The alert channels (README, "Alerts"), with Web Push keys generated on first use when none are set. */
export function alertConfigOf(s: Settings, appSecret = appSecretOf(s)): AlertConfig {
  const origin = s.PUBLIC_ORIGIN || `http://localhost:${s.PORT}`;
  return alertConfig({
    origin,
    lang: s.ALERT_LANG,
    webhook: s.ALERT_WEBHOOK_URL ? { url: s.ALERT_WEBHOOK_URL, secret: s.ALERT_WEBHOOK_SECRET } : null,
    email: s.SMTP_URL && s.ALERT_EMAIL_TO.length ? { smtpUrl: s.SMTP_URL, to: s.ALERT_EMAIL_TO, from: s.ALERT_EMAIL_FROM } : null,
    vapid: {
      keys: s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY ? { publicKey: s.VAPID_PUBLIC_KEY, privateKey: s.VAPID_PRIVATE_KEY } : null,
      file: s.VAPID_KEYS_FILE ?? null,
      appSecretFile: s.APP_SECRET_FILE,
      appSecret,
      subject: s.VAPID_SUBJECT ?? null,
    },
    pushAllowHosts: s.PUSH_ALLOW_HOSTS,
  });
}
