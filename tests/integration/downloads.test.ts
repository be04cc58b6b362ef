import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, get, signInCookie } from "#tests/support/admin.ts";
import { exportAsFile, postConsoleForm, sendConsultations } from "#tests/support/export-file.ts";
import * as downloadsPage from "#app/routes/admin.downloads.tsx";
import * as exportFile from "#app/routes/admin.export.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";
import { openAesZip } from "#app/lib/aes-zip.server.ts";
import { defaultColumns } from "#app/features/downloads/schema.ts";
import { exportColumns } from "#app/features/pipeline/export.server.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";
import type { AdminKey } from "#app/features/console/i18n.ts";

/**
 * Nothing leaves in clear (issue 52 item 3, ADR 0054): an export asks a
 * reason (400, a translated message, nothing made), holds only the chosen
 * columns, comes as an AES-256 ZIP that opens with the password shown once
 * and with no other, downloads once for its maker, and above the row cap
 * waits for a second administrator.
 */
describe.each(DIALECTS)("downloads of personal data on %s", (dialect) => {
  let handle: TestDatabase;
  const app = () => testServices(handle.db, { limiter: createRateLimiter({ max: 1_000_000, windowMs: 60_000 }) });
  let first: string;
  let second: string;

  const form = (cookie: string, fields: Record<string, string | string[]>) =>
    postConsoleForm(downloadsPage, "/admin/downloads", app(), cookie, fields);

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await sendConsultations(
      app(),
      `dl-${dialect}`,
      3,
      (i) => `SECRET NAME ${i}`,
      (i) => `0109999000${i}`,
    );
    await createOperator(handle.db, "first@example.com", "correct horse battery");
    await createOperator(handle.db, "second@example.com", "correct horse battery");
    first = await signInCookie(app(), "first@example.com", "correct horse battery");
    second = await signInCookie(app(), "second@example.com", "correct horse battery");
  });
  afterAll(async () => handle.cleanup());

  it("refuses an export without a reason with 400 and a translated message, and makes nothing", async () => {
    const all = exportColumns("consultation");
    for (const [reason, key] of [
      ["", "download.error.reason"],
      ["   ", "download.error.reason"],
      ["report", "download.error.reasonShort"],
      ["call back 010-9999-0001 about the loan", "download.error.reasonNumber"],
    ] as const) {
      const refused = await form(first, { intent: "export", kind: "consultation", from: "", to: "", reason, column: all });
      expect(refused.status, reason).toBe(400);
      const body = (await refused.json()) as { refused: { errors: Record<string, string> } };
      expect(body.refused.errors.reason).toBe(key);
      // The console shows it in the operator's language: a real sentence in both.
      for (const lang of ["ko", "en"] as const) expect(adminTFor(lang)(key as AdminKey)).not.toBe(key);
    }
    const noColumns = await form(first, { intent: "export", kind: "consultation", reason: "Monthly report for the lender" });
    expect(noColumns.status).toBe(400);
    expect(((await noColumns.json()) as { refused: { errors: Record<string, string> } }).refused.errors.columns).toBe(
      "download.error.columns",
    );
    expect(await handle.db.selectFrom("download_files").select("id").execute()).toEqual([]);
    expect(await handle.db.selectFrom("admin_audit_log").select("id").where("action", "=", "export").execute()).toEqual([]);
  });

  it("makes an AES-256 ZIP that opens with its password only, with the chosen columns, downloaded once by its maker", async () => {
    const chosen = defaultColumns(exportColumns("consultation"));
    expect(chosen).not.toContain("name");
    expect(chosen).not.toContain("phone");
    expect(chosen).not.toContain("checkIncome");
    const file = await exportAsFile(app(), `${first}; admin_lang=en`, {
      kind: "consultation",
      columns: chosen,
      reason: "Counting requests per visa type",
    });
    expect(file.filename).toMatch(/^consultation_all_all_first-example\.com_\d{8}-\d{4}KST\.zip$/);
    expect(file.password).toMatch(/^[A-Za-z0-9]{20}$/);
    // In the file: the chosen columns; nowhere in it, in clear or inside, a name or a number.
    expect(file.csv.split("\r\n")[0]).not.toMatch(/Name|Phone|income/);
    expect(file.csv).not.toContain("SECRET NAME");
    expect(file.csv).not.toContain("0109999000");
    expect(Buffer.from(file.zip).includes(Buffer.from("Counting"))).toBe(false);
    expect(Buffer.from(file.zip).includes(Buffer.from("visa"))).toBe(false);
    expect(file.csv.split("\r\n").filter(Boolean)).toHaveLength(4);
    // Without the password, or with another, it does not open.
    expect(() => openAesZip(file.zip, "")).toThrow();
    expect(() => openAesZip(file.zip, `${file.password.slice(0, -1)}x`)).toThrow(/wrong password/);
    expect(() => openAesZip(file.zip, file.password)).not.toThrow();
    // The reason and the columns are kept with the audit rows of the three records.
    const rows = await handle.db.selectFrom("admin_audit_log").select(["detail", "record_id"]).where("action", "=", "export").execute();
    expect(rows).toHaveLength(3);
    expect(rows[0]!.detail).toContain("reason: Counting requests per visa type");
    expect(rows[0]!.detail).toContain(`columns: ${chosen.join(" ")}`);
    // The password is stored nowhere; the file waits for one download only.
    expect(JSON.stringify(await handle.db.selectFrom("admin_audit_log").selectAll().execute())).not.toContain(file.password);
  });

  it("serves a made file once, and never to another administrator", async () => {
    const made = await form(first, {
      intent: "export",
      kind: "consultation",
      reason: "Checking the pipeline stages",
      column: ["id", "status"],
    });
    const { sealed } = (await made.json()) as { sealed: { href: string } };
    expect((await callRoute(exportFile, "open", get(sealed.href, second), app())).status).toBe(400);
    expect((await callRoute(exportFile, "open", get(sealed.href, first), app())).status).toBe(200);
    expect((await callRoute(exportFile, "open", get(sealed.href, first), app())).status).toBe(400);
  });

  it("above the row cap waits for a second administrator, who grants it; the approval is used once, for the same choices", async () => {
    expect((await form(first, { intent: "cap", cap: "0" })).status).toBe(400);
    expect((await form(first, { intent: "cap", cap: "2" })).status).toBe(200);
    const ask = { intent: "export", kind: "consultation", reason: "Quarterly report to the lender", column: ["id", "status", "visa"] };
    const asked = await form(first, ask);
    expect(asked.status).toBe(200);
    const { pending } = (await asked.json()) as { pending: { id: number; rows: number; cap: number } };
    expect(pending).toMatchObject({ rows: 3, cap: 2 });
    expect(await handle.db.selectFrom("download_files").select("id").execute()).toEqual([]);
    // Without the grant, the approval number does nothing.
    expect((await form(first, { ...ask, approval: String(pending.id) })).status).toBe(400);
    // The one who asked cannot grant it.
    expect((await form(first, { intent: "approve", id: String(pending.id) })).status).toBe(403);
    const granted = await form(second, { intent: "approve", id: String(pending.id) });
    expect(await granted.json()).toEqual({ decided: "granted" });
    // Other choices, or another administrator, do not use it.
    expect((await form(first, { ...ask, column: ["id", "status", "visa", "phone"], approval: String(pending.id) })).status).toBe(400);
    expect((await form(second, { ...ask, approval: String(pending.id) })).status).toBe(400);
    const file = await exportAsFile(app(), first, {
      kind: "consultation",
      columns: ask.column,
      reason: ask.reason,
      approval: String(pending.id),
    });
    expect(file.csv.split("\r\n").filter(Boolean)).toHaveLength(4);
    expect((await form(first, { ...ask, approval: String(pending.id) })).status).toBe(400);
    const audit = await handle.db
      .selectFrom("admin_audit_log")
      .select(["action", "operator_email", "detail"])
      .where("action", "=", "download_approve")
      .execute();
    expect(audit).toEqual([{ action: "download_approve", operator_email: "second@example.com", detail: `approval #${pending.id}` }]);
    // A refusal ends a request for good.
    const again = (await (await form(first, ask)).json()) as { pending: { id: number } };
    expect(await (await form(second, { intent: "refuse", id: String(again.pending.id) })).json()).toEqual({ decided: "refused" });
    expect((await form(first, { ...ask, approval: String(again.pending.id) })).status).toBe(400);
  });
});
