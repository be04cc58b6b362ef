import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { createOperator } from "#tests/support/admin.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { saveIdentity } from "#app/features/business-settings/business.server.ts";
import { validate } from "#app/lib/schema.ts";
import { readContentState } from "#app/lib/content-version.server.ts";
import { productSchema, type ProductInput } from "#app/features/products/schema.ts";
import {
  discardDraft,
  findProduct,
  listProducts,
  liveProducts,
  publishDraft,
  saveDraft,
  setProductEnabled,
} from "#app/features/products/products.server.ts";

/**
 * Loan products as data (issue 27): the three seeded products carry the Loan
 * FAQ's figures; a draft changes nothing live until published; a publication
 * with an effective-from waits for it (and the content watcher knows when);
 * switching off hides a product; every change is audited old → new.
 */
const who = { operator: { id: 0, email: "admin@example.com", role: "admin" as const } };

function input(values: Record<string, string>): ProductInput {
  const result = validate(productSchema, values, { crossField: true });
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.output;
}

async function formOf(db: Kysely<Database>, id: number): Promise<Record<string, string>> {
  const product = await findProduct(db, id);
  return { ...product!.live! };
}

async function auditDetails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("admin_audit_log").select(["action", "detail"]).orderBy("id").execute();
  return rows.map((r) => `${r.action} ${r.detail}`);
}

describe.each(DIALECTS)("loan products on %s", (dialect) => {
  let handle: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    db = handle.db;
    who.operator.id = await createOperator(db, who.operator.email, "a long enough password");
  }, 30_000);
  afterAll(async () => {
    await handle.cleanup();
  });

  it("seeds one product per partner banner with the FAQ's figures, the student loan with its own (D-2)", async () => {
    const banners = await db.selectFrom("campaign_banners").select("partner_key").orderBy("position").execute();
    const products = await liveProducts(db, "vi");
    expect(products.map((p) => p.key)).toEqual(banners.map((b) => b.partner_key));
    const general = products[0]!;
    expect(general.name).toBe("Vay thông thường của ngân hàng địa phương");
    expect(general.amount).toEqual({ min: 1_000_000, max: 50_000_000 });
    expect(general.rate).toEqual({ min: 13, max: 19.9 });
    expect(general.rules.visas).toEqual(["E-1", "E-2", "E-3", "E-7", "E-9", "F-2", "F-5", "F-6", "F-4"]);
    expect(general.rules.minIncome).toBe(20_000_000);
    expect(general.rules.employment).toEqual(["standard"]);
    expect(general.rules.stayAfterMonths).toBe(6);
    const months = Object.values(general.rules.employedMonthsByVisa);
    expect(Math.min(...months)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...months, general.rules.employedMonths)).toBeLessThanOrEqual(12);
    const student = products.find((p) => p.key === "regional-bank-student")!;
    expect(student.rules.visas).toContain("D-2");
    expect(student.rules.minIncome).toBe(0);
  });

  it("a draft is seen only in the preview; publishing makes it live and is audited old → new", async () => {
    const [general] = await listProducts(db);
    const before = await readContentState(db);
    await saveDraft(db, who, general!.id, input({ ...(await formOf(db, general!.id)), rate_max: "18.50", effective_from: "" }));
    expect((await liveProducts(db, "en"))[0]!.rate.max).toBe(19.9);
    expect((await liveProducts(db, "en", new Date(), true))[0]!.rate.max).toBe(18.5);
    expect((await findProduct(db, general!.id))!.draft!.rate_max).toBe("18.50");

    await publishDraft(db, who, general!.id);
    expect((await liveProducts(db, "en"))[0]!.rate.max).toBe(18.5);
    expect((await findProduct(db, general!.id))!.draft).toBeNull();
    expect((await readContentState(db)).version).toBeGreaterThan(before.version);
    const details = await auditDetails(db);
    expect(details.some((d) => d.startsWith("product_update") && d.includes('rate_max: "19.90" → "18.50"'))).toBe(true);
    expect(details.some((d) => d.startsWith("product_publish") && d.includes("draft → published") && d.includes('"19.90" → "18.50"'))).toBe(
      true,
    );
  });

  it("a publication with an effective-from waits for it, and the content watcher knows the instant", async () => {
    const [general] = await listProducts(db);
    const now = new Date("2030-01-01T00:00:00.000Z");
    // 2030-02-01 09:00 KST = 00:00 UTC
    await saveDraft(
      db,
      who,
      general!.id,
      input({ ...(await formOf(db, general!.id)), rate_min: "12.00", effective_from: "2030-02-01T09:00" }),
      now,
    );
    await publishDraft(db, who, general!.id, now);
    expect((await liveProducts(db, "en", now))[0]!.rate.min).toBe(13);
    expect((await liveProducts(db, "en", new Date("2030-02-01T00:00:00.000Z")))[0]!.rate.min).toBe(12);
    expect((await readContentState(db, now)).nextChange).toBe("2030-02-01T00:00:00.000Z");
    expect((await findProduct(db, general!.id, now))!.scheduled!.effectiveFrom).toBe("2030-02-01T09:00");
  });

  it("a discarded draft leaves the live version; switching off hides the product, audited", async () => {
    const [, student] = await listProducts(db);
    await saveDraft(db, who, student!.id, input({ ...(await formOf(db, student!.id)), name_en: "Renamed" }));
    await discardDraft(db, who, student!.id);
    expect((await liveProducts(db, "en", new Date(), true)).map((p) => p.name)).toContain("Regional bank student loan");
    await setProductEnabled(db, who, student!.id, false);
    expect((await liveProducts(db, "en")).map((p) => p.key)).not.toContain("regional-bank-student");
    // Its lender is no longer live while two others are: without a 대부중개업 registration it stays off (감독규정 제22조제1호).
    await expect(setProductEnabled(db, who, student!.id, true)).rejects.toThrow("one_lender");
    const identity = await businessIdentity(db);
    const daebu = { ...identity.registrations[0]!, kind: "daebu_broker" as const, number: "2026-서울중구-0001" };
    await saveIdentity(db, who, { ...identity, registrations: [...identity.registrations, daebu] });
    await setProductEnabled(db, who, student!.id, true);
    expect((await liveProducts(db, "en")).map((p) => p.key)).toContain("regional-bank-student");
    const details = await auditDetails(db);
    expect(details).toContain("product_enable regional-bank-student: on → off");
    expect(details).toContain("product_enable regional-bank-student: off → on");
  });
});
