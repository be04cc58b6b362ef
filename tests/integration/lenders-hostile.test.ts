import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices, type TestServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, signInCookie } from "#tests/support/admin.ts";
import * as lenderEdit from "#app/routes/admin.lenders.edit.tsx";
import * as productNew from "#app/routes/admin.products.new.tsx";

/**
 * The console's new forms (issue 47: a lender, a product) as a careless
 * client sends them: a NUL character (PostgreSQL refuses it in text), a
 * body over the limit, a broken percent-encoding, Korean in the partner
 * key, and the same lender or key twenty times at once. Each is a clear 4xx
 * that stores nothing, or one success; never a 500.
 */
describe.each(DIALECTS)("the lender and product forms against a careless client on %s", (dialect) => {
  let handle: TestDatabase;
  let services: TestServices;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    services = testServices(handle.db);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services, "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services, cookie);
  }, 30_000);
  afterAll(() => handle.cleanup());

  const raw = (path: string, body: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
      body,
    });
  const form = (fields: Record<string, string>) => new URLSearchParams({ ...fields, csrf }).toString();
  const lenders = async () => (await handle.db.selectFrom("loan_lenders").select("legal_name").execute()).map((r) => r.legal_name);

  it("refuses a NUL character, an over-size body and a broken encoding with a 4xx, storing nothing", async () => {
    const before = await lenders();
    const nul = await callRoute(
      lenderEdit,
      "guarded",
      raw("/admin/lenders/new", form({ legal_name: "주식회사\u0000은행", name_en: "X" })),
      services,
    );
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ errors: { legal_name: "lenders.error.control" } });
    const huge = await callRoute(
      lenderEdit,
      "guarded",
      raw("/admin/lenders/new", form({ legal_name: "가".repeat(40_000), name_en: "X" })),
      services,
    );
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const broken = await callRoute(
      lenderEdit,
      "guarded",
      raw("/admin/lenders/new", `csrf=${csrf}&legal_name=%E0%A4%A&name_en=X`),
      services,
    );
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    const korean = await callRoute(
      productNew,
      "guarded",
      raw("/admin/products/new", form({ partner_key: "한빛-대출", lender_id: "1" })),
      services,
    );
    expect(await korean.json()).toMatchObject({ errors: { partner_key: "products.error.key" } });
    expect(await lenders()).toEqual(before);
  });

  it("the same lender and the same partner key sent twenty times at once: one is made, the others are refused as taken", async () => {
    const lender = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRoute(
          lenderEdit,
          "guarded",
          raw("/admin/lenders/new", form({ legal_name: "주식회사 동시저축은행", name_en: "Same" })),
          services,
        ),
      ),
    );
    expect(lender.map((r) => r.status).sort()).toEqual([302, ...Array<number>(19).fill(400)]);
    expect((await lenders()).filter((n) => n === "주식회사 동시저축은행")).toHaveLength(1);
    const products = await Promise.all(
      Array.from({ length: 20 }, () =>
        callRoute(productNew, "guarded", raw("/admin/products/new", form({ partner_key: "same-key", lender_id: "1" })), services),
      ),
    );
    expect(products.map((r) => r.status).sort()).toEqual([302, ...Array<number>(19).fill(400)]);
    const keys = await handle.db.selectFrom("loan_products").select("id").where("partner_key", "=", "same-key").execute();
    expect(keys).toHaveLength(1);
  });
});
