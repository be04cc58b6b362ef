import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices, type TestServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { readContentState } from "#app/lib/content-version.server.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";
import * as business from "#app/routes/admin.business.tsx";
import * as media from "#app/routes/media.business.ts";
import { testContext } from "#tests/support/services.ts";

/**
 * The business's settings (issue 36, item 1): administrators save the
 * identity in the console; the change is audited field by field, moves the
 * content version (every instance drops its kept pages) and is what a second
 * instance on the same database reads; a refused save changes nothing; the
 * registration certificate is an uploaded PDF kept in the database.
 */
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n${"% padding ".repeat(8)}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, "latin1");

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null, cookie: string): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("certificate", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return new Request(`${ORIGIN}/admin/business`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
}

describe.each(DIALECTS)("the console's Business page on %s", (dialect) => {
  let handle: TestDatabase;
  let services: TestServices;
  let second: DatabaseHandle;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    services = testServices(handle.db);
    second = connect(handle.url);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services, "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services, cookie);
  }, 30_000);
  afterAll(async () => {
    await second.close();
    await handle.cleanup();
  });

  const save = (changes: Record<string, string>) =>
    callRoute(business, "guarded", post("/admin/business", { ...identityFields(SAMPLE_IDENTITY), ...changes, csrf }, cookie), services);
  const audits = async () =>
    (await handle.db.selectFrom("admin_audit_log").select(["action", "detail"]).where("action", "=", "business_update").execute()).map(
      (r) => r.detail,
    );

  it("starts from the sample, which the page shows", async () => {
    expect(await businessIdentity(handle.db)).toEqual(SAMPLE_IDENTITY);
    const page = await callRoute(business, "guarded", get("/admin/business", cookie), services);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { stored: Record<string, string> }).stored).toMatchObject({
      phone: "1588-0000",
      broker_number: "2023-00000",
    });
  });

  it("is for administrators only", async () => {
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const agent = await signInCookie(services, "agent@example.com", "correct horse battery");
    expect((await callRoute(business, "guarded", get("/admin/business", agent), services)).status).toBe(403);
    const agentCsrf = await csrfOf(services, agent);
    const refused = await callRoute(
      business,
      "guarded",
      post("/admin/business", { ...identityFields(SAMPLE_IDENTITY), phone: "1577-1234", csrf: agentCsrf }, agent),
      services,
    );
    expect(refused.status).toBe(403);
    expect((await businessIdentity(handle.db)).phone).toBe("1588-0000");
  });

  it("refuses bad input with each field's message, keeps what was typed and changes nothing", async () => {
    const version = (await readContentState(handle.db)).version;
    const response = await save({ phone: "12345", business_number: "123-45-67890" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { phone: "business.error.phone", business_number: "business.error.businessNumber" },
      values: { phone: "12345" },
    });
    expect(await businessIdentity(handle.db)).toEqual(SAMPLE_IDENTITY);
    expect(await audits()).toEqual([]);
    expect((await readContentState(handle.db)).version).toBe(version);
  });

  it("checks the privacy officer's own fields beside each, and saves them, audited", async () => {
    const bad = await save({ privacy_officer_name_ko: " ", privacy_officer_phone: "12345", privacy_officer_email: "privacy@" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: {
        privacy_officer_name_ko: "business.error.required",
        privacy_officer_phone: "business.error.phone",
        privacy_officer_email: "business.error.email",
      },
    });
    expect(await businessIdentity(handle.db)).toEqual(SAMPLE_IDENTITY);
    const officer = {
      privacy_officer_name_ko: "박지현",
      privacy_officer_name_en: "Park Ji-hyun",
      privacy_officer_position_ko: "준법감시팀장",
      privacy_officer_position_en: "Head of Compliance",
      privacy_officer_phone: "02-6000-1234",
      privacy_officer_email: "privacy@bright-loans.kr",
    };
    expect(await (await save(officer)).json()).toEqual({ ok: "saved" });
    expect((await businessIdentity(second.db)).privacyOfficer).toEqual({
      nameKo: "박지현",
      nameEn: "Park Ji-hyun",
      positionKo: "준법감시팀장",
      positionEn: "Head of Compliance",
      phone: "02-6000-1234",
      email: "privacy@bright-loans.kr",
    });
    expect((await audits()).at(-1)).toContain('privacy_officer_email: "privacy@example.com" → "privacy@bright-loans.kr"');
    // Back to the sample, so the tests below start from it.
    await save({});
    await handle.db.deleteFrom("admin_audit_log").where("action", "=", "business_update").execute();
  });

  it("saves, audits each changed field, moves the content version, and a second instance reads it", async () => {
    const version = (await readContentState(handle.db)).version;
    const response = await save({ phone: "1577-1234", legal_name_en: "Bright Loans Co., Ltd." });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: "saved" });
    const read = await businessIdentity(second.db);
    expect(read).toEqual({ ...SAMPLE_IDENTITY, phone: "1577-1234", legalNameEn: "Bright Loans Co., Ltd." });
    expect((await readContentState(handle.db)).version).toBe(version + 1);
    const [detail] = await audits();
    expect(detail).toContain('phone: "1588-0000" → "1577-1234"');
    expect(detail).toContain('legal_name_en: "Sample Brokerage Co., Ltd." → "Bright Loans Co., Ltd."');
    // The same values again: nothing to save, nothing audited.
    expect(await (await save({ phone: "1577-1234", legal_name_en: "Bright Loans Co., Ltd." })).json()).toEqual({ ok: "unchanged" });
    expect(await audits()).toHaveLength(1);
  });

  it("keeps an uploaded PDF certificate and serves it; anything else is refused and changes nothing", async () => {
    const notPdf = await callRoute(
      business,
      "guarded",
      multipart({ csrf }, { name: "c.pdf", type: "application/pdf", bytes: Buffer.from("<html>hello</html>".repeat(10)) }, cookie),
      services,
    );
    expect(notPdf.status).toBe(400);
    expect(await notPdf.json()).toEqual({ certificateError: "business.error.certificateType" });
    expect((await businessIdentity(handle.db)).certificateUrl).toBe(SAMPLE_IDENTITY.certificateUrl);

    const ok = await callRoute(
      business,
      "guarded",
      multipart({ csrf }, { name: "cert.pdf", type: "application/pdf", bytes: PDF }, cookie),
      services,
    );
    expect(await ok.json()).toEqual({ ok: "certificate" });
    const url = (await businessIdentity(handle.db)).certificateUrl;
    expect(url).toMatch(/^\/media\/business\/[0-9a-f]{32}\.pdf$/);
    const served = (await media.loader({
      params: { name: url.split("/").pop()! },
      context: testContext(services),
      request: get(url),
    } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const unknown = (await media.loader({
      params: { name: "../../etc/passwd" },
      context: testContext(services),
      request: get("/"),
    } as never)) as Response;
    expect(unknown.status).toBe(404);
  });

  it("answers a malformed body with 400, never 500", async () => {
    const response = await callRoute(
      business,
      "guarded",
      new Request(`${ORIGIN}/admin/business`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", origin: ORIGIN, cookie },
        body: '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n',
      }),
      services,
    );
    expect(response.status).toBe(400);
  });
});
