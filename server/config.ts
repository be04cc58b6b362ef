import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { LogLevel } from "#app/lib/logger.server.ts";

/** Every environment variable the server reads (README "Configuration" lists them). */
interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: LogLevel;
  rateLimit: { max: number; windowMs: number; disabled: boolean };
  trustProxy: string | boolean | number;
  secret: string;
  secureCookies: boolean;
  allowedOrigins: string[];
  kakaoMapAppKey: string;
  publicOrigin: string;
  development: boolean;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function trustProxy(value: string | undefined): string | boolean | number {
  if (!value) return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A secret kept next to the SQLite file when none is configured, so restarts keep cookies valid. */
function secretFor(env: NodeJS.ProcessEnv): string {
  if (env.APP_SECRET && env.APP_SECRET.length >= 32) return env.APP_SECRET;
  const file = env.APP_SECRET_FILE ?? "./data/secret.key";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || "file:./data/app.db",
    logLevel: (["debug", "info", "warn", "error"].includes(env.LOG_LEVEL ?? "") ? env.LOG_LEVEL : "info") as LogLevel,
    rateLimit: {
      max: int(env.RATE_LIMIT_MAX, 20),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
      disabled: env.RATE_LIMIT_DISABLED === "1",
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    secret: secretFor(env),
    secureCookies: env.SECURE_COOKIES === "1",
    allowedOrigins: (env.ALLOWED_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    kakaoMapAppKey: env.KAKAO_MAP_APP_KEY ?? "",
    publicOrigin: (env.PUBLIC_ORIGIN ?? "").replace(/\/$/, ""),
    development: env.NODE_ENV === "development",
  };
}
