import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { setCookie } from "#app/lib/cookies.server.ts";
import { deviceCookie } from "#app/features/console/cookies.server.ts";
import { newSessionToken, sha256 } from "#app/features/console/session-crypto.server.ts";
import { DEVICE_COOKIE_MS } from "#app/features/console/policy.ts";

/**
 * Device cookies (OWASP's answer to a stranger who keeps an operator's
 * sign-in waiting; ADR 0017): a browser that has completed a sign-in to an
 * account carries a cookie signed with the app's secret naming that account
 * and a random token. Its attempts for that account are counted apart from
 * everyone else's (app/features/console/sign-in.server.ts), so strangers'
 * failures never delay the owner on their own phone or PC. The token is
 * stored only as its SHA-256, replaced by a new one at each sign-in (the old
 * one stops working), and deleted with the account's sessions.
 */
export interface Device {
  operatorId: number;
  token: string;
}

interface DeviceValue {
  o: number;
  t: string;
}

/** The device cookie a request carries, if its signature is ours; not yet checked against the database. */
export async function readDevice(secret: string, request: Request): Promise<Device | null> {
  const value = (await deviceCookie(secret).parse(request.headers.get("cookie"))) as Partial<DeviceValue> | null;
  if (!value || typeof value !== "object" || !Number.isInteger(value.o) || typeof value.t !== "string" || value.t.length > 64) return null;
  return { operatorId: value.o!, token: value.t };
}

/** True when the device signed in to the account of `email` before, and that trust has not been revoked or run out. */
export async function trustedFor(db: Kysely<Database>, device: Device | null | undefined, email: string, now: Date): Promise<boolean> {
  if (!device) return false;
  const row = await db
    .selectFrom("admin_device_cookies")
    .innerJoin("admin_operators", "admin_operators.id", "admin_device_cookies.operator_id")
    .select("admin_device_cookies.id")
    .where("admin_device_cookies.token_hash", "=", sha256(device.token))
    .where("admin_device_cookies.operator_id", "=", device.operatorId)
    .where("admin_operators.email", "=", email)
    .where("admin_device_cookies.created_at", ">", new Date(now.getTime() - DEVICE_COOKIE_MS).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** After a completed sign-in: the browser's token for this account is replaced by a new one (answered, for the cookie). */
export async function rotateDevice(
  db: Kysely<Database>,
  operatorId: number,
  previous: Device | null | undefined,
  now: Date,
): Promise<Device> {
  const token = newSessionToken();
  if (previous) {
    await db
      .deleteFrom("admin_device_cookies")
      .where("token_hash", "=", sha256(previous.token))
      .where("operator_id", "=", operatorId)
      .execute();
  }
  await db
    .insertInto("admin_device_cookies")
    .values({ operator_id: operatorId, token_hash: sha256(token), created_at: now.toISOString() })
    .execute();
  return { operatorId, token };
}

/** Every browser of the account loses its trust (with its sessions: a new password, a disabled account, "sign out everywhere"). */
export async function revokeDevices(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.deleteFrom("admin_device_cookies").where("operator_id", "=", operatorId).execute();
}

export function deviceHeader(secret: string, secure: boolean, device: Device): Promise<string> {
  return setCookie(deviceCookie(secret), { o: device.operatorId, t: device.token } satisfies DeviceValue, secure);
}
