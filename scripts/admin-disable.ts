/**
 * Disables an operator of the console (or, with --enable, enables it again):
 *
 *   npm run admin:disable -- --email ops@example.com
 *
 * A disabled operator cannot sign in; its sessions end at once and its
 * devices' push subscriptions are removed, so it gets no more alerts. The
 * audit log keeps its entries. Uses DATABASE_URL like the server.
 */
import { endOperatorSessions } from "#app/features/console/session-store.server.ts";
import { parseArgs } from "node:util";
import { userInfo } from "node:os";
import { auditCli } from "#app/features/audit/audit.server.ts";
import { connect, migrate } from "#db/connect.ts";
import { scriptSettings } from "#server/config.ts";

function fail(message: string): never {
  console.error(`admin:disable: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    enable: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});
if (values.help) {
  console.log("usage: npm run admin:disable -- --email <address> [--enable]");
  process.exit(0);
}
const email = (values.email ?? "").trim().toLowerCase();
if (!email) fail("give the operator's --email");

// Who ran the command on the host (behind sudo, the account that called sudo): kept in the audit row (issue 52).
const hostUser = process.env.SUDO_USER || userInfo().username;
const settings = scriptSettings("admin:disable");
const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
try {
  await migrate(database.db);
  const db = database.db;
  const operator = await db.selectFrom("admin_operators").select(["id", "disabled_at"]).where("email", "=", email).executeTakeFirst();
  if (!operator) fail(`no operator ${email}`);
  const now = new Date().toISOString();
  if (values.enable) {
    await db.updateTable("admin_operators").set({ disabled_at: null, updated_at: now }).where("id", "=", operator.id).execute();
    await auditCli(db, "operator_enable", operator.id, hostUser);
    console.log(`admin:disable: ${email} may sign in again`);
  } else {
    const removed = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("admin_operators")
        .set({ disabled_at: operator.disabled_at ?? now, updated_at: now })
        .where("id", "=", operator.id)
        .execute();
      // Its sessions end, and no browser keeps its device cookie's trust (ADR 0017).
      const sessions = await endOperatorSessions(trx, operator.id);
      const devices = await trx.deleteFrom("push_subscriptions").where("operator_id", "=", operator.id).executeTakeFirst();
      return { sessions, devices: Number(devices.numDeletedRows) };
    });
    await auditCli(db, "operator_disable", operator.id, hostUser);
    console.log(`admin:disable: ${email} disabled; ${removed.sessions} sessions ended, ${removed.devices} devices removed from alerts`);
  }
} finally {
  await database.close();
}
