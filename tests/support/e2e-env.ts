/**
 * Where the browser tests' server runs, shared by playwright.config.ts and
 * the tests. Workers load this again in their own processes: the main
 * process's choice of database goes into the environment they inherit, so
 * tests and server share one file.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The fake push service of the console's alert tests (tests/e2e/console/alerts.spec.ts). */
export const E2E_PUSH_PORT = E2E_PORT + 7;
/** The fake of SOLAPI's HTTP API the server texts through (tests/support/fake-solapi.ts), started by Playwright beside the server for the whole run (tests/support/e2e-texts.ts reads it). */
export const E2E_SOLAPI_PORT = E2E_PORT + 20;
export const E2E_SOLAPI = { apiKey: "E2EKEY", apiSecret: "E2ESECRET" };
process.env.E2E_DATABASE_URL ??= `file:./data/e2e-${process.pid}.db`;
export const E2E_DB = process.env.E2E_DATABASE_URL;
