import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../../db/connect.ts";
import { verifyPassword } from "~/features/admin/password.server";

/** The CLI scripts, run as an operator would: `npm run admin:create` and `npm run retention`. */
const root = new URL("../..", import.meta.url).pathname;
const file = join(tmpdir(), `admin-cli-${randomBytes(4).toString("hex")}.db`);
const env = { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: "info" };

function run(script: string, args: string[], stdin: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules/.bin/node"), [join(root, "scripts", script), ...args], { cwd: root, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(stdin);
  });
}

async function operator(email: string) {
  const handle = connect(`file:${file}`);
  try {
    return await handle.db.selectFrom("admin_operators").selectAll().where("email", "=", email).executeTakeFirst();
  } finally {
    await handle.close();
  }
}

afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

describe("npm run admin:create", () => {
  it("creates an operator from a piped password, storing only a scrypt hash", async () => {
    const result = await run("admin-create.ts", ["--email", "First.Ops@Example.com"], "a long enough passphrase\n");
    expect(result.code).toBe(0);
    expect(result.out).toContain("first.ops@example.com created");
    expect(result.out).not.toContain("passphrase");
    const row = await operator("first.ops@example.com");
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("a long enough passphrase", row!.password_hash)).toBe(true);
  });

  it("refuses an existing address unless --update, which sets the new password", async () => {
    const again = await run("admin-create.ts", ["--email", "first.ops@example.com"], "another passphrase!\n");
    expect(again.code).toBe(1);
    expect(again.out).toContain("already exists");
    const update = await run("admin-create.ts", ["--email", "first.ops@example.com", "--update"], "another passphrase!\n");
    expect(update.code).toBe(0);
    expect(await verifyPassword("another passphrase!", (await operator("first.ops@example.com"))!.password_hash)).toBe(true);
  });

  it("refuses a short password and a missing e-mail", async () => {
    expect((await run("admin-create.ts", ["--email", "x@example.com"], "short\n")).code).toBe(1);
    expect(await operator("x@example.com")).toBeUndefined();
    expect((await run("admin-create.ts", [], "a long enough passphrase\n")).code).toBe(1);
  });
});

describe("npm run retention", () => {
  it("runs once and logs counts only", async () => {
    const result = await run("retention.ts", [], "");
    expect(result.code).toBe(0);
    const line = result.out.split("\n").find((l) => l.includes("retention.run"));
    expect(JSON.parse(line!)).toMatchObject({ event: "retention.run", proposals: 0, consultations: 0 });
  });
});
