import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alertConfigOf, ConfigError, configWarnings, envSchema, readConfig, readSettings } from "#server/config.ts";

const problem = (env: NodeJS.ProcessEnv) => {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe("the environment's schema", () => {
  it("gives the README's defaults when nothing is set", () => {
    expect(readSettings({})).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_URL: "file:./data/app.db",
      DATABASE_POOL_MAX: 10,
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_MS: 0,
      RATE_LIMIT_MAX: 20,
      RATE_LIMIT_WINDOW_MS: 60_000,
      RATE_LIMIT_DISABLED: false,
      BODY_READS_MAX: 64,
      BODY_GRACE_MS: 10_000,
      BODY_MIN_BYTES_PER_SECOND: 1024,
      TRUST_PROXY: false,
      SECURE_COOKIES: false,
      ALLOWED_ORIGINS: [],
      APP_SECRET_FILE: "./data/secret.key",
      PUBLIC_ORIGIN: "",
      KAKAO_MAP_APP_KEY: "",
      OG_FETCH_ALLOW_HOSTS: [],
      ALERT_EMAIL_TO: [],
      ALERT_EMAIL_FROM: "K-Loan Guide <alerts@localhost.invalid>",
      ALERT_LANG: "ko",
      PUSH_ALLOW_HOSTS: [],
      ALERT_CLAIM_LEASE_MS: 30_000,
    });
    expect(readSettings({}).NODE_ENV).toBeUndefined();
  });

  it("treats an empty value as unset and ignores other variables", () => {
    expect(readSettings({ PORT: "", LOG_LEVEL: "", PATH: "/usr/bin" })).toMatchObject({ PORT: 3000, LOG_LEVEL: "info" });
  });

  it("reads set values", () => {
    const s = readSettings({
      PORT: "8080",
      DATABASE_URL: "postgres://u:p@db/app",
      DATABASE_POOL_MAX: "25",
      RATE_LIMIT_DISABLED: "1",
      TRUST_PROXY: "2",
      SECURE_COOKIES: "1",
      ALLOWED_ORIGINS: " https://a.example , https://b.example ",
      PUBLIC_ORIGIN: "https://loans.example.com/",
      ALERT_LANG: "en",
      SHUTDOWN_DELAY_MS: "3000",
    });
    expect(s).toMatchObject({
      SHUTDOWN_DELAY_MS: 3000,
      PORT: 8080,
      DATABASE_POOL_MAX: 25,
      RATE_LIMIT_DISABLED: true,
      TRUST_PROXY: 2,
      SECURE_COOKIES: true,
      PUBLIC_ORIGIN: "https://loans.example.com",
      ALERT_LANG: "en",
    });
    expect(s.ALLOWED_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
    expect(readSettings({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(readSettings({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1, ::1, fd00::/8" }).TRUST_PROXY).toBe(
      "10.0.0.0/8, 192.168.1.1, ::1, fd00::/8",
    );
    expect(readSettings({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "0"],
    ["DATABASE_POOL_MAX", "-1"],
    ["RATE_LIMIT_MAX", "1.5"],
    ["RATE_LIMIT_WINDOW_MS", "soon"],
    ["LOG_LEVEL", "verbose"],
    ["SHUTDOWN_DELAY_MS", "-5"],
    ["SHUTDOWN_DELAY_MS", "2s"],
    ["SHUTDOWN_DELAY_MS", "600000"],
    ["RATE_LIMIT_DISABLED", "yes"],
    ["SECURE_COOKIES", "true"],
    ["DATABASE_URL", "mysql://db"],
    ["APP_SECRET", "short"],
    ["PUBLIC_ORIGIN", "loans.example.com"],
    ["ALERT_WEBHOOK_URL", "hooks.example.com/x"],
    ["SMTP_URL", "mail.example.com"],
    ["ALERT_LANG", "vi"],
    // A lease must outlast one attempt (10 s), or a live worker's rows are taken from it.
    ["ALERT_CLAIM_LEASE_MS", "10000"],
    ["ALERT_CLAIM_LEASE_MS", "700000"],
  ])("refuses %s=%s with a message naming it", (name, value) => {
    expect(problem({ [name]: value })).toMatch(new RegExp(`^${name} `));
  });

  it.each(["true", " true "])("refuses TRUST_PROXY=%j (every hop trusted: any client picks its address)", (value) => {
    expect(problem({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY must name the proxy, not true: .*X-Forwarded-For.*hop count/);
  });

  it.each(["yes", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "1, 2"])(
    "refuses TRUST_PROXY=%s, which is no hop count or address",
    (value) => {
      expect(problem({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY must be a hop count/);
    },
  );

  it("names every bad variable at once", () => {
    const message = problem({ PORT: "x", LOG_LEVEL: "loud" });
    expect(message).toContain("PORT must be a positive integer");
    expect(message).toContain("LOG_LEVEL must be debug, info, warn or error");
  });

  it("wants both VAPID keys or neither", () => {
    expect(problem({ VAPID_PUBLIC_KEY: "abc" })).toBe("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
    expect(problem({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: "def" })).toBeNull();
  });
});

describe("the server's configuration", () => {
  it("keeps a generated secret and Web Push keys beside APP_SECRET_FILE", () => {
    const dir = mkdtempSync(join(tmpdir(), "config-"));
    const env = { APP_SECRET_FILE: join(dir, "secret.key"), PORT: "4000" };
    const first = readConfig(env);
    expect(first.secret).toBe(readFileSync(join(dir, "secret.key"), "utf8").trim());
    expect(readConfig(env).secret).toBe(first.secret);
    const file = JSON.parse(readFileSync(join(dir, "vapid.json"), "utf8")) as { publicKey: string; privateKey: string };
    expect(first.alerts.vapid.publicKey).toBe(file.publicKey);
    // The private key on disk is sealed under APP_SECRET (issue 29): the file alone signs no push.
    expect(file.privateKey).toMatch(/^sealed:/);
    expect(file.privateKey).not.toContain(first.alerts.vapid.privateKey);
    expect(readConfig(env).alerts.vapid.privateKey).toBe(first.alerts.vapid.privateKey);
    expect(first.alerts).toMatchObject({ origin: "http://localhost:4000", lang: "ko", webhook: null, email: null });
    expect(first.alerts.vapid.subject).toBe("mailto:alerts@localhost.invalid");
  });

  it("configures alert channels from their variables", () => {
    const s = readSettings({
      PUBLIC_ORIGIN: "https://loans.example.com",
      ALERT_WEBHOOK_URL: "https://hooks.example.com/x",
      SMTP_URL: "smtp://mail.example.com:587",
      ALERT_EMAIL_TO: "a@example.com, b@example.com",
      VAPID_PUBLIC_KEY: "pub",
      VAPID_PRIVATE_KEY: "priv",
    });
    expect(alertConfigOf(s)).toEqual({
      origin: "https://loans.example.com",
      lang: "ko",
      webhook: { url: "https://hooks.example.com/x", secret: "" },
      email: {
        smtpUrl: "smtp://mail.example.com:587",
        to: ["a@example.com", "b@example.com"],
        from: "K-Loan Guide <alerts@localhost.invalid>",
      },
      vapid: { publicKey: "pub", privateKey: "priv", subject: "https://loans.example.com" },
      pushAllowHosts: [],
    });
  });
});

describe("the Web Push keys' file", () => {
  it("seals a private key kept in clear before, and keeps the same keys", () => {
    const dir = mkdtempSync(join(tmpdir(), "config-"));
    const keys = { publicKey: "BPub", privateKey: "clear-private-key" };
    writeFileSync(join(dir, "vapid.json"), JSON.stringify(keys));
    const env = { APP_SECRET: "s".repeat(40), APP_SECRET_FILE: join(dir, "secret.key") };
    expect(readConfig(env).alerts.vapid).toMatchObject(keys);
    const file = JSON.parse(readFileSync(join(dir, "vapid.json"), "utf8")) as { privateKey: string };
    expect(file.privateKey).toMatch(/^sealed:/);
    expect(readConfig(env).alerts.vapid).toMatchObject(keys);
  });

  it("refuses to start with a file sealed under another APP_SECRET", () => {
    const dir = mkdtempSync(join(tmpdir(), "config-"));
    readConfig({ APP_SECRET: "s".repeat(40), APP_SECRET_FILE: join(dir, "secret.key") });
    expect(() => readConfig({ APP_SECRET: "t".repeat(40), APP_SECRET_FILE: join(dir, "secret.key") })).toThrow(/secrets:rotate/);
  });
});

describe("warnings at start", () => {
  // A folder of its own: the Web Push keys' file is written beside APP_SECRET_FILE, sealed under APP_SECRET.
  const config = (env: NodeJS.ProcessEnv) =>
    readConfig({ APP_SECRET: "x".repeat(32), APP_SECRET_FILE: join(mkdtempSync(join(tmpdir(), "config-")), "secret.key"), ...env });
  it("warns when TRUST_PROXY is set without PUBLIC_ORIGIN, and only then", () => {
    expect(configWarnings(config({ TRUST_PROXY: "1" })).map((w) => w.event)).toEqual(["config.public_origin_unset"]);
    expect(configWarnings(config({ TRUST_PROXY: "1" }))[0]!.fields.message).toMatch(/PUBLIC_ORIGIN/);
    expect(configWarnings(config({ TRUST_PROXY: "1", PUBLIC_ORIGIN: "https://loans.example.com" }))).toEqual([]);
    expect(configWarnings(config({}))).toEqual([]);
  });

  it("warns on PostgreSQL when a secret instances must share comes from this machine's disk", () => {
    const pg = { DATABASE_URL: "postgres://db.example.com/loans" };
    const vapid = { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv" };
    expect(configWarnings(config({ ...pg, ...vapid }))).toEqual([]);
    const [warning] = configWarnings(config(pg));
    expect(warning).toMatchObject({ event: "config.secrets_per_machine", fields: { unset: "VAPID_PUBLIC_KEY,VAPID_PRIVATE_KEY" } });
    expect(warning!.fields.message).toMatch(/every instance must have the same/);
    // SQLite serves from one process: its secrets on disk are as they should be.
    expect(configWarnings(config({}))).toEqual([]);
  });
});

describe("start-up with a bad setting", () => {
  it.each([
    [{ PORT: "abc" }, /^PORT must be a positive integer$/],
    [{ TRUST_PROXY: "true" }, /^TRUST_PROXY must name the proxy/],
  ])("%j: exit 1 with one JSON log line config.invalid naming the variable", (env, setting) => {
    const run = spawnSync("node_modules/.bin/node", ["server/main.ts"], {
      env: { PATH: process.env.PATH, DATABASE_URL: "file::memory:", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", event: "config.invalid", setting: expect.stringMatching(setting) });
  });
});

describe("deploy/env.example", () => {
  it("names every variable the server reads", () => {
    const listed = new Set([...readFileSync("deploy/env.example", "utf8").matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const read = Object.keys(envSchema.pipe[0].entries);
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("refuses its placeholder secret, and is a valid production configuration with a real one", () => {
    const env = Object.fromEntries(
      [...readFileSync("deploy/env.example", "utf8").matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(problem(env)).toBe("APP_SECRET must be at least 32 characters");
    expect(readSettings({ ...env, APP_SECRET: "a".repeat(64) })).toMatchObject({
      TRUST_PROXY: 1,
      SECURE_COOKIES: true,
      SHUTDOWN_DELAY_MS: 3000,
    });
  });
});

describe("secrets made by two processes starting at once", () => {
  it("both keep the same APP_SECRET and Web Push keys, which open with it", async () => {
    const { spawn } = await import("node:child_process");
    const dir = mkdtempSync(join(tmpdir(), "race-"));
    const script = `import { readConfig } from "#server/config.ts"; const c = readConfig({ APP_SECRET_FILE: ${JSON.stringify(join(dir, "secret.key"))} }); console.log(JSON.stringify([c.secret, c.alerts.vapid.privateKey]));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn("node_modules/.bin/node", ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("error", reject);
        child.on("close", () => resolve(out.trim()));
      });
    const results = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(results).size).toBe(1);
    const [secret] = JSON.parse(results[0]!) as [string, string];
    expect(readFileSync(join(dir, "secret.key"), "utf8").trim()).toBe(secret);
    expect(readConfig({ APP_SECRET_FILE: join(dir, "secret.key") }).alerts.vapid.privateKey).toBe(JSON.parse(results[0]!)[1]);
  }, 30_000);
});
