import { defineConfig, devices } from "@playwright/test";
import { E2E_DB, E2E_PORT as PORT, E2E_PUSH_PORT, E2E_SOLAPI, E2E_SOLAPI_PORT } from "./tests/support/e2e-env.ts";

/**
 * Browser tests at 390×844 in the system Chromium (never a downloaded
 * browser) against the production build, on a throwaway SQLite database.
 */

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // Each test as it ends, then the slow ones with their times (tests/support/slow-reporter.ts).
  reporter: [["list"], ["./tests/support/slow-reporter.ts"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // The visitors' site (tests/e2e), then the operator console (tests/e2e/console): the
    // console's tests write what the public pages show (blog links), so they run once the site's are done.
    { name: "mobile-chromium", testIgnore: "**/e2e/console/**" },
    { name: "console", testDir: "tests/e2e/console", dependencies: ["mobile-chromium"] },
  ],
  webServer: [
    {
      command: "npm run build --silent && npm run serve --silent",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: E2E_DB,
        RATE_LIMIT_MAX: "100000",
        // Every spec asks for its one-time codes from this one address: ten an hour would refuse the run's later ones.
        CODES_PER_ADDRESS: "1000",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        // A fake key: the location spec answers the SDK request with a stub (or fails it).
        KAKAO_MAP_APP_KEY: "test-kakao-key",
        // Tests only: the console's push tests use a fake push service on this machine.
        PUSH_ALLOW_HOSTS: `127.0.0.1:${E2E_PUSH_PORT}`,
        // Tests only: texts go to a local fake of SOLAPI (SMS, no 알림톡 templates), polled often.
        SOLAPI_API_KEY: E2E_SOLAPI.apiKey,
        SOLAPI_API_SECRET: E2E_SOLAPI.apiSecret,
        SOLAPI_BASE_URL: `http://127.0.0.1:${E2E_SOLAPI_PORT}`,
        TEXT_SENDER_NUMBER: "0212345678",
        OUTBOX_POLL_MS: "500",
      },
    },
    // The fake SOLAPI the server texts through, for the whole run: specs read its texts over HTTP
    // (tests/support/e2e-texts.ts), so no two specs start one on the same port.
    {
      command: `node_modules/.bin/node tests/support/fake-solapi.ts --port ${E2E_SOLAPI_PORT} --key ${E2E_SOLAPI.apiKey} --secret ${E2E_SOLAPI.apiSecret}`,
      url: `http://127.0.0.1:${E2E_SOLAPI_PORT}/__fake/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
