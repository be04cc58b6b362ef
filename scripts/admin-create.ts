/**
 * Creates an operator of the console (or, with --update, sets a new
 * password for an existing one):
 *
 *   npm run admin:create -- --email ops@example.com
 *
 * The password is asked for twice without echo on a terminal, or read from
 * the first line of stdin when piped (`printf '%s\n' "$PW" | npm run …`).
 * Uses DATABASE_URL like the server (default file:./data/app.db) and
 * migrates it first. Never prints the password or its hash.
 */
import { endOperatorSessions } from "#app/features/console/session-store.server.ts";
import { parseArgs } from "node:util";
import { userInfo } from "node:os";
import { auditCli } from "#app/features/audit/audit.server.ts";
import { connect, migrate } from "#db/connect.ts";
import { scriptSettings } from "#server/config.ts";
import { hashPassword, passwordProblem, MIN_PASSWORD_LENGTH } from "#app/features/console/password.server.ts";

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

/** Reads a line from the terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let value = "";
    const done = (result: string | null) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (result === null) reject(new Error("cancelled"));
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done(value);
        if (ch === "\u0003" || ch === "\u0004") return done(null);
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    input.on("data", onData);
  });
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) fail("stdin is too long");
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

/** Who ran the command on the host (behind sudo, the account that called sudo): kept in the audit row. */
function hostUser(): string {
  return process.env.SUDO_USER || userInfo().username;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      update: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log("usage: npm run admin:create -- --email <address> [--update]\n  password: prompted (no echo) or the first line of stdin");
    return;
  }
  const email = (values.email ?? "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) fail("give a valid --email address");

  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden(`Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters): `).catch(() => fail("cancelled"));
    const again = await promptHidden("Repeat the password: ").catch(() => fail("cancelled"));
    if (again !== password) fail("the passwords differ");
  } else {
    password = await readPiped();
  }
  const problem = passwordProblem(password);
  if (problem === "too_short") fail(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (problem === "too_long") fail("the password is too long");

  const settings = scriptSettings("admin:create");
  const database = connect(settings.DATABASE_URL, { poolMax: settings.DATABASE_POOL_MAX });
  try {
    await migrate(database.db);
    const now = new Date().toISOString();
    const hash = await hashPassword(password);
    const existing = await database.db.selectFrom("admin_operators").select("id").where("email", "=", email).executeTakeFirst();
    if (existing && !values.update) fail(`${email} already exists (add --update to set a new password)`);
    if (existing) {
      await database.db
        .updateTable("admin_operators")
        .set({ password_hash: hash, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      // A new password ends every session of the old one (and the trust of its browsers, ADR 0017).
      await endOperatorSessions(database.db, existing.id);
      await auditCli(database.db, "operator_reset", existing.id, hostUser());
      console.log(`admin:create: new password set for ${email}`);
    } else {
      const created = await database.db
        .insertInto("admin_operators")
        .values({ email, password_hash: hash, created_at: now, updated_at: now, last_sign_in_at: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      await auditCli(database.db, "operator_create", created.id, hostUser());
      console.log(`admin:create: operator ${email} created; sign in at /admin/sign-in`);
    }
  } finally {
    await database.close();
  }
}

await main();
