/**
 * The go-live check (issue 36, item 4): `npm run golive:check` lists every
 * sample value still showing and every setting still missing, with where
 * each is fixed, and exits 1 while anything is left (0 when none): the
 * deploy guide's last step. Reads DATABASE_URL and the environment as the
 * server does; prints no secret.
 */
import { connect, migrate } from "#db/connect.ts";
import { appSecretOf, deploymentFacts, scriptSettings } from "#server/config.ts";
import { totpSecretsSealedWithOtherKey } from "#app/features/console/totp-at-rest.server.ts";
import { goLiveFindings } from "#app/features/go-live/checks.server.ts";
import { readFileSync } from "node:fs";
import { adminTranslate, type AdminMessages, type AdminT } from "#app/features/console/i18n.ts";

const settings = scriptSettings("golive:check");
// The console's English catalog, read as data (this script runs on Node without the bundler).
const messages = JSON.parse(readFileSync(new URL("../app/features/console/i18n/en.json", import.meta.url), "utf8")) as AdminMessages;
const t: AdminT = (key, vars) => adminTranslate("en", messages, key, vars);
const database = connect(settings.DATABASE_URL, { poolMax: 1 });
try {
  await migrate(database.db);
  const sealedWithOtherKey = await totpSecretsSealedWithOtherKey(database.db, appSecretOf(settings));
  const findings = await goLiveFindings(database.db, { ...deploymentFacts(settings), sealedWithOtherKey });
  for (const f of findings) {
    const what = t(f.what, { field: f.field ? t(f.field) : "", detail: f.detail ?? "" });
    const where = f.fix.startsWith("/") ? `${settings.PUBLIC_ORIGIN || `http://localhost:${settings.PORT}`}${f.fix}` : f.fix;
    console.log(`✗ ${t(`golive.area.${f.area}`)}: ${what} → ${where}`);
  }
  console.log(
    findings.length ? `golive:check: ${findings.length} left before going live.` : "golive:check: nothing left; ready to go live.",
  );
  process.exitCode = findings.length ? 1 : 0;
} finally {
  await database.close();
}
