import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, get, signInCookie } from "#tests/support/admin.ts";
import { OWN_APPROVALS, OWN_LENDER, OWN_PRODUCT, postForm, productForm, send as sendAs } from "#tests/support/console-ads.ts";
import { SAMPLE_LENDERS } from "#db/migrations/0175_lenders.ts";
import { multipartRequest } from "#tests/support/multipart.ts";
import { png } from "#tests/support/images.ts";
import { imageResponse } from "#app/business/images.server.ts";
import { renderLegalDocument } from "#app/features/legal/documents.server.ts";
import { legalFactsOf, loanAds } from "#app/features/products/products.server.ts";
import { adFindings } from "#app/features/go-live/checks.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { saveIdentity } from "#app/features/business-settings/business.server.ts";
import * as lendersList from "#app/routes/admin.lenders.tsx";
import * as lenderEdit from "#app/routes/admin.lenders.edit.tsx";
import * as productsList from "#app/routes/admin.products.tsx";
import * as productNew from "#app/routes/admin.products.new.tsx";
import * as productEdit from "#app/routes/admin.products.edit.tsx";
import * as consultation from "#app/routes/loan-consultation.tsx";
import * as partners from "#app/routes/company.our-partners.tsx";

/**
 * Lenders and products as the business's data (issue 47, item 1), through
 * the console's own pages: a lender and a product are added, a product never
 * published is deleted and a published one retired, and the lenders of the
 * live products — and only they — are named on every surface: the 제26조
 * notice before a request, the legal texts' {lenders}, the partners page and
 * the ad disclosure. The go-live check counts only what is live (item 6).
 */
const LENDER = OWN_LENDER;
const ADMIN = { operator: { id: 1, email: "admin@example.com", role: "admin" as const } };

describe.each(DIALECTS)("lenders and products from the console on %s", (dialect) => {
  let handle: TestDatabase;
  let services: TestServices;
  let cookie: string;
  let csrf: string;
  /** The sample general loan's live form, the base of a real product's. */
  let sampleForm: Record<string, string>;
  let lenderId: number;
  let productId: number;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    services = testServices(handle.db);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services, "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services, cookie);
    const id = (await handle.db.selectFrom("loan_products").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const page = await callRoute(productEdit, "guarded", get(`/admin/products/${id}`, cookie), services, { id: String(id) });
    sampleForm = ((await page.json()) as { product: { live: Record<string, string> } }).product.live;
  }, 30_000);
  afterAll(() => handle.cleanup());

  const send = (module: Parameters<typeof callRoute>[0], path: string, fields: Record<string, string>) =>
    sendAs({ services, cookie, csrf }, module, path, fields, path.match(/\/admin\/lenders\/(\d+)$/) ? { id: path.split("/").at(-1)! } : {});
  const listIntent = (intent: string, id: number) => send(productsList, "/admin/products", { id: String(id), intent });
  const count = async (table: "loan_lenders" | "loan_products") =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** What each surface names now, in English and Korean. */
  async function surfaces() {
    const context = testContext(services, "en");
    const notice = (await consultation.loader({ request: new Request(`${ORIGIN}/loan-consultation`), context, params: {} } as never)) as {
      lenders: { legalName: string; name: string }[];
    };
    const partnersPage = (await partners.loader({
      request: new Request(`${ORIGIN}/company/our-partners`),
      context,
      params: {},
    } as never)) as {
      lenders: { name: string; products: string[] }[];
    };
    return {
      notice: notice.lenders.map((l) => l.legalName),
      partners: partnersPage.lenders.map((l) => l.name),
      legalKo: (await renderLegalDocument(handle.db, "notice", "ko", legalFactsOf(handle.db)))?.html ?? "",
      legalEn: (await renderLegalDocument(handle.db, "privacy", "en", legalFactsOf(handle.db)))?.html ?? "",
      disclosure: (await loanAds(handle.db, "en")).broker.lenders,
    };
  }

  it("adds a lender, refusing a blank or taken legal name with a message and saving nothing", async () => {
    const blank = await send(lenderEdit, "/admin/lenders/new", { legal_name: " ", name_en: "X" });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ errors: { legal_name: "lenders.error.required" } });
    const taken = await send(lenderEdit, "/admin/lenders/new", { legal_name: SAMPLE_LENDERS["savings-bank"]!.legal_name, name_en: "X" });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ errors: { legal_name: "lenders.error.taken" } });
    expect(await count("loan_lenders")).toBe(3);

    const created = await send(lenderEdit, "/admin/lenders/new", LENDER);
    expect(created.status).toBe(302);
    lenderId = Number(/\/admin\/lenders\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    expect(lenderId).toBeGreaterThan(0);
    const listed = await callRoute(lendersList, "guarded", get("/admin/lenders", cookie), services);
    expect(((await listed.json()) as { lenders: { legalName: string }[] }).lenders.map((l) => l.legalName)).toContain(LENDER.legal_name);
  });

  it("adds a product with its partner key and lender; a bad or taken key is refused beside its field", async () => {
    const bad = await send(productNew, "/admin/products/new", { partner_key: "Hanbit Loan", lender_id: String(lenderId) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { partner_key: "products.error.key" } });
    const taken = await send(productNew, "/admin/products/new", { partner_key: "savings-bank", lender_id: String(lenderId) });
    expect(await taken.json()).toMatchObject({ errors: { partner_key: "products.error.keyTaken" } });
    const noLender = await send(productNew, "/admin/products/new", { partner_key: "hanbit-worker-loan", lender_id: "" });
    expect(await noLender.json()).toMatchObject({ errors: { lender_id: "products.error.lenderChoose" } });
    expect(await count("loan_products")).toBe(3);

    const created = await send(productNew, "/admin/products/new", { partner_key: "hanbit-worker-loan", lender_id: String(lenderId) });
    expect(created.status).toBe(302);
    productId = Number(/\/admin\/products\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    // Nothing is live until its first version is published: no surface names the new lender yet.
    const before = await surfaces();
    expect(before.notice).not.toContain(LENDER.legal_name);
    expect(before.partners).not.toContain(LENDER.name_en);
  });

  it("refuses a second lender's product while another lender's is live, without a 대부중개업 registration, saving nothing", async () => {
    const form = { ...sampleForm, ...OWN_PRODUCT, ...OWN_APPROVALS, intent: "publish" };
    const refused = await callRoute(
      productEdit,
      "guarded",
      postForm(`/admin/products/${productId}`, productForm(form, csrf), cookie),
      services,
      { id: String(productId) },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { form: "products.error.one_lender" } });
    expect(await handle.db.selectFrom("loan_product_versions").select("id").where("product_id", "=", productId).execute()).toEqual([]);
    // Switched off and on again from the list: the same rule.
    expect(await (await listIntent("disable", productId)).json()).toEqual({ ok: "disabled", id: productId });
    expect(await (await listIntent("enable", productId)).json()).toEqual({ ok: "enabled", id: productId });
    // A sample switched off cannot come back on while other lenders' products are live: the same rule.
    const general = await handle.db
      .selectFrom("loan_products")
      .select("id")
      .where("partner_key", "=", "regional-bank-general")
      .executeTakeFirstOrThrow();
    expect(await (await listIntent("disable", general.id)).json()).toEqual({ ok: "disabled", id: general.id });
    expect(await (await listIntent("enable", general.id)).json()).toEqual({ error: "one_lender" });
    // A fresh install's sample lenders are live at once: the go-live check names the rule.
    expect((await adFindings(handle.db)).filter((f) => f.what === "golive.oneLender")).toHaveLength(1);
  });

  it("with a 대부중개업 registration publishes it: its lender is named on every surface, by legal name in Korean and by name in English", async () => {
    const identity = await businessIdentity(handle.db);
    const daebu = {
      ...identity.registrations[0]!,
      kind: "daebu_broker" as const,
      number: "2026-서울영등포-0007",
      bodyKo: "서울특별시 영등포구청",
      bodyEn: "Yeongdeungpo-gu Office",
    };
    await saveIdentity(handle.db, ADMIN, { ...identity, registrations: [...identity.registrations, daebu] });
    expect((await adFindings(handle.db)).filter((f) => f.what === "golive.oneLender")).toEqual([]);
    const form = { ...sampleForm, ...OWN_PRODUCT, ...OWN_APPROVALS, intent: "publish" };
    const published = await callRoute(
      productEdit,
      "guarded",
      postForm(`/admin/products/${productId}`, productForm(form, csrf), cookie),
      services,
      { id: String(productId) },
    );
    expect(await published.json()).toEqual({ ok: "published", id: productId });
    const now = await surfaces();
    expect(now.notice).toContain(LENDER.legal_name);
    expect(now.partners).toContain(LENDER.name_en);
    expect(now.legalKo).toContain(LENDER.legal_name);
    expect(now.legalEn).toContain(LENDER.name_en);
    expect(now.disclosure).toContain(LENDER.legal_name);
    // The ad names the lender as the lenders page keeps it, never typed on the product.
    const version = await handle.db
      .selectFrom("loan_product_versions")
      .select("lender_name")
      .where("product_id", "=", productId)
      .executeTakeFirstOrThrow();
    expect(version.lender_name).toBe(LENDER.legal_name);
  });

  it("takes the lender's logo by its bytes, shows it on the partners page, refuses what is no picture, and removes it", async () => {
    const upload = async (file: { name: string; type: string; data: Uint8Array }) => {
      const { request } = await multipartRequest(
        `/admin/lenders/${lenderId}`,
        [
          { name: "csrf", value: csrf },
          { name: "logo", filename: file.name, type: file.type, data: file.data },
        ],
        { cookie, origin: ORIGIN },
      );
      return callRoute(lenderEdit, "guarded", request, services, { id: String(lenderId) });
    };
    const fake = await upload({ name: "logo.png", type: "image/png", data: new TextEncoder().encode("not a picture at all") });
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({ logoError: "lenders.error.imageType" });
    const tiny = await upload({ name: "logo.png", type: "image/png", data: await png(100, 40) });
    expect(await tiny.json()).toEqual({ logoError: "lenders.error.imageSmall" });
    expect(
      (await handle.db.selectFrom("loan_lenders").select("logo").where("id", "=", lenderId).executeTakeFirstOrThrow()).logo,
    ).toBeNull();

    expect(await (await upload({ name: "logo.jpg", type: "image/jpeg", data: await png(800, 400) })).json()).toEqual({
      ok: "logo",
      id: lenderId,
    });
    const logo = (await handle.db.selectFrom("loan_lenders").select("logo").where("id", "=", lenderId).executeTakeFirstOrThrow()).logo!;
    expect(logo).toMatch(/^\/media\/brand\/[0-9a-f]{32}\.webp$/);
    const served = await imageResponse(handle.db, logo.slice("/media/brand/".length));
    expect(served.headers.get("content-type")).toBe("image/webp");
    const partnersPage = (await partners.loader({
      request: new Request(`${ORIGIN}/company/our-partners`),
      context: testContext(services, "vi"),
      params: {},
    } as never)) as {
      lenders: { name: string; logo: string | null }[];
    };
    expect(partnersPage.lenders.find((l) => l.name === LENDER.name_vi)?.logo).toBe(logo);

    expect(await (await send(lenderEdit, `/admin/lenders/${lenderId}`, { intent: "remove-logo" })).json()).toEqual({
      ok: "logo",
      id: lenderId,
    });
    expect(
      (await handle.db.selectFrom("loan_lenders").select("logo").where("id", "=", lenderId).executeTakeFirstOrThrow()).logo,
    ).toBeNull();
  });

  it("deletes only a product never published, and a lender only when no product names it", async () => {
    const published = await listIntent("delete", productId);
    expect(published.status).toBe(400);
    expect(await published.json()).toEqual({ error: "published" });
    const spare = await send(productNew, "/admin/products/new", { partner_key: "spare", lender_id: String(lenderId) });
    const spareId = Number(/\/admin\/products\/(\d+)/.exec(spare.headers.get("location") ?? "")?.[1]);
    expect(await (await listIntent("delete", spareId)).json()).toEqual({ ok: "deleted" });
    expect(await handle.db.selectFrom("loan_products").select("id").where("id", "=", spareId).executeTakeFirst()).toBeUndefined();
    const inUse = await send(lendersList, "/admin/lenders", { id: String(lenderId), intent: "delete" });
    expect(await inUse.json()).toEqual({ error: "in_use" });
  });

  it("retires the samples: off for good, their lenders named nowhere, and the go-live check counts them no more", async () => {
    const samples = await handle.db
      .selectFrom("loan_products")
      .select(["id", "partner_key"])
      .where("partner_key", "in", Object.keys(SAMPLE_LENDERS))
      .execute();
    // The samples still switched on are listed (the general loan was switched off above).
    expect((await adFindings(handle.db)).filter((f) => f.what === "golive.sampleProduct").map((f) => f.detail)).toEqual([
      "regional-bank-student",
      "savings-bank",
    ]);
    // Switched off, a sample is not public: it does not count.
    const [first, ...rest] = samples;
    expect(await (await listIntent("disable", first!.id)).json()).toEqual({ ok: "disabled", id: first!.id });
    const productFindings = async () =>
      (await adFindings(handle.db)).filter((f) => f.what === "golive.sampleProduct" || f.what === "golive.sampleLender");
    expect((await productFindings()).map((f) => f.detail)).not.toContain(first!.partner_key);
    for (const sample of rest) expect(await (await listIntent("retire", sample.id)).json()).toEqual({ ok: "retired", id: sample.id });
    expect(await (await listIntent("retire", first!.id)).json()).toEqual({ ok: "retired", id: first!.id });
    // Retired is for good: it cannot be switched on, edited or deleted.
    expect(await (await listIntent("enable", first!.id)).json()).toEqual({ error: "retired" });
    expect(await (await listIntent("delete", first!.id)).json()).toEqual({ error: "published" });
    expect(await productFindings()).toEqual([]);
    const now = await surfaces();
    for (const sample of Object.values(SAMPLE_LENDERS)) {
      expect(now.notice).not.toContain(sample.legal_name);
      expect(now.partners).not.toContain(sample.names.en);
      expect(now.legalKo).not.toContain(sample.legal_name);
      expect(now.legalEn).not.toContain(sample.names.en);
      expect(now.disclosure).not.toContain(sample.legal_name);
    }
    expect(now.notice).toEqual([LENDER.legal_name]);
    // One lender left live: it fits a broker without a 대부중개업 registration too.
    const identity = await businessIdentity(handle.db);
    await saveIdentity(handle.db, ADMIN, { ...identity, registrations: identity.registrations.filter((r) => r.kind !== "daebu_broker") });
    expect((await adFindings(handle.db)).filter((f) => f.what === "golive.oneLender")).toEqual([]);
    // A retired product's lender can still not be deleted: its ads are the record.
    const sampleLender = await handle.db
      .selectFrom("loan_lenders")
      .select("id")
      .where("legal_name", "=", SAMPLE_LENDERS["savings-bank"]!.legal_name)
      .executeTakeFirstOrThrow();
    expect(await (await send(lendersList, "/admin/lenders", { id: String(sampleLender.id), intent: "delete" })).json()).toEqual({
      error: "in_use",
    });
  });

  it("writes every change to the audit log", async () => {
    const actions = (await handle.db.selectFrom("admin_audit_log").select("action").execute()).map((r) => r.action);
    for (const action of ["lender_create", "product_create", "product_publish", "product_delete", "product_retire"])
      expect(actions).toContain(action);
  });
});
