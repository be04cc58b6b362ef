/**
 * Re-seals the secrets kept at rest (ADR 0022, issue 29) under a new APP_SECRET:
 *
 *   NEW_APP_SECRET='…64 random characters…' npm run secrets:rotate
 *
 * The old secret is the one the server runs with now (APP_SECRET, else the file
 * APP_SECRET_FILE), read from the same environment. In order:
 *  1. the Web Push private key in its file (VAPID_KEYS_FILE or vapid.json) is
 *     opened with the old secret (unless the keys come from VAPID_* variables);
 *  2. every operator's authenticator secret is opened with the old secret and
 *     sealed with the new one, in one transaction (nothing changes if any
 *     does not open);
 *  3. the Web Push key file is written sealed with the new secret;
 *  4. when the old secret came from APP_SECRET_FILE, the new one is written there.
 * Then set APP_SECRET to the new value where it is configured and restart every
 * instance. Sessions stay; forms open in a browser, second-step and device
 * cookies made with the old secret need a reload or a new sign-in.
 * Uses DATABASE_URL like the server; never prints a secret.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { connect, migrate } from "#db/connect.ts";
import { appSecretOf, scriptSettings } from "#server/config.ts";
import { vapidFileOf, writeVapidFile } from "#app/features/alerts/config.server.ts";
import { resealTotpSecrets, SecretsDoNotOpen } from "#app/features/console/totp-at-rest.server.ts";
import { isSealed, unseal } from "#app/lib/sealed.server.ts";

function fail(message: string): never {
  console.error(`secrets:rotate: ${message}`);
  process.exit(1);
}

const settings = scriptSettings("secrets:rotate");
const newSecret = process.env.NEW_APP_SECRET ?? "";
if (newSecret.length < 32) fail("NEW_APP_SECRET must be set, at least 32 characters");
const oldSecret = appSecretOf(settings);
if (newSecret === oldSecret) fail("NEW_APP_SECRET is the secret in use");

// 1. The Web Push keys' file, opened with the old secret before anything changes.
const vapidFile = settings.VAPID_PUBLIC_KEY
  ? null
  : vapidFileOf({ file: settings.VAPID_KEYS_FILE ?? null, appSecretFile: settings.APP_SECRET_FILE });
let vapid: { publicKey: string; privateKey: string } | null = null;
if (vapidFile && existsSync(vapidFile)) {
  const stored = JSON.parse(readFileSync(vapidFile, "utf8")) as { publicKey: string; privateKey: string };
  const privateKey = isSealed(stored.privateKey) ? unseal(oldSecret, "vapid", stored.privateKey) : stored.privateKey;
  if (!privateKey) fail(`${vapidFile} does not open with the old APP_SECRET`);
  vapid = { publicKey: stored.publicKey, privateKey };
}

// 2. The authenticator secrets, in one transaction.
const database = connect(settings.DATABASE_URL);
try {
  await migrate(database.db);
  const { changed } = await resealTotpSecrets(database.db, oldSecret, newSecret);
  console.log(`secrets:rotate: ${changed} authenticator secret(s) sealed with the new APP_SECRET`);
} catch (error) {
  if (error instanceof SecretsDoNotOpen) fail(`${error.message}; nothing was changed`);
  throw error;
} finally {
  await database.close();
}

// 3. and 4.
if (vapidFile && vapid) {
  writeVapidFile(vapidFile, vapid, newSecret);
  console.log(`secrets:rotate: the Web Push private key in ${vapidFile} sealed with the new APP_SECRET`);
}
if (!settings.APP_SECRET) {
  writeFileSync(settings.APP_SECRET_FILE, newSecret, { mode: 0o600 });
  console.log(`secrets:rotate: the new APP_SECRET written to ${settings.APP_SECRET_FILE}`);
} else {
  console.log("secrets:rotate: now set APP_SECRET to the new secret and restart every instance");
}
