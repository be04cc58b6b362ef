import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { multipartRequest, type Part } from "#tests/support/multipart.ts";
import { phoneJpeg } from "#tests/support/images.ts";
import * as productsList from "#app/routes/admin.products.tsx";
import * as productEdit from "#app/routes/admin.products.edit.tsx";
import * as campaigns from "#app/routes/admin.campaigns.tsx";
import * as bannerRoute from "#app/routes/admin.campaigns.banner.tsx";
import * as popupRoute from "#app/routes/admin.campaigns.popup.tsx";
import * as inbox from "#app/routes/admin.inbox.tsx";
import { addDays, todayInSeoul } from "#app/lib/seoul-time.ts";
import { liveProducts, listProducts } from "#app/features/products/products.server.ts";
import { listBanners, publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { SAMPLE_TERMS } from "#db/migrations/0150_ad_disclosure.ts";

/**
 * Loan ads need their approvals (issue 35): publishing a product, a banner
 * or the popup without the lender's confirmation and the compliance review,
 * or past their validity, is refused with each missing field named and
 * nothing saved; an approval that runs out takes the ad off the public data
 * on its own; the console warns 14 days ahead. A fresh install's samples
 * carry flagged sample approvals.
 */
const APPROVALS = { confirm_no: "2026-101", confirm_until: "2099-12-31", review_no: "2026-201", review_until: "2099-12-31" };
/** A validity a lender really gives: within a year of today. */
const OWN_UNTIL = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);
const NO_APPROVALS = { confirm_no: "", confirm_until: "", review_no: "", review_until: "" };

describe.each(DIALECTS)("ad approvals on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  const app = () => testServices(handle.db);
  const tables = async () => ({
    versions: await handle.db.selectFrom("loan_product_versions").selectAll().orderBy("id").execute(),
    banners: await handle.db.selectFrom("campaign_banners").selectAll().orderBy("id").execute(),
    popup: await handle.db.selectFrom("campaign_popup").selectAll().execute(),
    images: await handle.db.selectFrom("campaign_images").select("name").execute(),
    audit: await handle.db.selectFrom("admin_audit_log").select("id").execute(),
  });
  const productId = async (key: string) =>
    (await handle.db.selectFrom("loan_products").select("id").where("partner_key", "=", key).executeTakeFirstOrThrow()).id;
  const liveValues = async (id: number) => {
    const page = (await callRoute(productEdit, "guarded", get(`/admin/products/${id}`, cookie), app(), { id: String(id) })) as Response;
    return ((await page.json()) as { product: { live: Record<string, string> } }).product.live;
  };
  const sendProduct = async (id: number, changes: Record<string, string>) => {
    const values = { ...(await liveValues(id)), ...changes, csrf };
    const fields = Object.entries(values).flatMap(([name, value]): [string, string][] =>
      ["methods", "visas", "employment_kinds"].includes(name) ? value.split(",").map((v): [string, string] => [name, v]) : [[name, value]],
    );
    const request = new Request(`${ORIGIN}/admin/products/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
      body: new URLSearchParams(fields).toString(),
    });
    return callRoute(productEdit, "guarded", request, app(), { id: String(id) }) as Promise<Response>;
  };
  const sendMultipart = async (path: string, route: unknown, fields: Record<string, string>, params?: Record<string, string>) => {
    const parts: Part[] = [{ name: "csrf", value: csrf }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))];
    if (path.endsWith("/new")) parts.push({ name: "image", filename: "a.jpg", type: "image/jpeg", data: await phoneJpeg(600, 260) });
    const { request } = await multipartRequest(path, parts, { cookie, origin: ORIGIN });
    return callRoute(route as never, "guarded", request, app(), params) as Promise<Response>;
  };

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(app(), "admin@example.com", "correct horse battery");
    csrf = await csrfOf(app(), cookie);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("a fresh install's products, banners and popup carry flagged sample approvals and are shown", async () => {
    const products = await liveProducts(handle.db, "en");
    expect(products.map((p) => p.key)).toEqual(Object.keys(SAMPLE_TERMS));
    expect(products[0]).toMatchObject({
      terms: { lenderName: "주식회사 샘플A은행", overdueAddBp: 10, stampDuty: "half" },
      approval: { confirmNo: "샘플-A-0001", reviewNo: "샘플-2026-001" },
    });
    expect((await listProducts(handle.db)).every((p) => p.sample)).toBe(true);
    const shown = await publicCampaigns(handle.db, "en");
    expect(shown.banners.map((b) => b.productKey)).toEqual(Object.keys(SAMPLE_TERMS));
    expect(shown.popup).toMatchObject({ productKey: "regional-bank-general", approval: { reviewNo: "샘플-2026-004" } });
    expect((await listBanners(handle.db)).every((b) => b.sample)).toBe(true);
  });

  it("refuses to publish a product without its approvals or past a validity, naming each field, and saves nothing", async () => {
    const id = await productId("savings-bank");
    const before = await tables();
    const response = await sendProduct(id, { ...NO_APPROVALS, credit_standard: "", intent: "publish" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      credit_standard: "ads.error.missing",
      confirm_no: "ads.error.missing",
      confirm_until: "ads.error.missing",
      review_no: "ads.error.missing",
      review_until: "ads.error.missing",
    });
    const expired = await sendProduct(id, { confirm_until: "2020-01-31", intent: "publish" });
    expect(((await expired.json()) as { errors: Record<string, string> }).errors).toEqual({ confirm_until: "ads.error.expired" });
    // 19.9 % + 0.2 %p is above 20 %: refused by the schema.
    const capped = await sendProduct(id, { overdue_add: "0.2", intent: "publish" });
    expect(((await capped.json()) as { errors: Record<string, string> }).errors).toEqual({ overdue_add: "products.error.overdueLegal" });
    expect(await tables()).toEqual(before);

    // A draft may lack them; publishing it from the list is refused and names what is missing.
    expect((await sendProduct(id, { ...NO_APPROVALS, intent: "save" })).status).toBe(200);
    const listed = (await callRoute(
      productsList,
      "guarded",
      post("/admin/products", { csrf, id: String(id), intent: "publish" }, cookie),
      app(),
    )) as Response;
    expect(listed.status).toBe(400);
    expect(await listed.json()).toEqual({ error: "unapproved", id, fields: ["confirm_no", "confirm_until", "review_no", "review_until"] });
    const statuses = await handle.db.selectFrom("loan_product_versions").select("status").where("product_id", "=", id).execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(["draft", "published"]);

    // With them it publishes; it stays a sample while its words or approvals are the samples' (issue 47: by content,
    // not by who saved it), and is the business's own once they are.
    expect((await sendProduct(id, { ...APPROVALS, intent: "publish" })).status).toBe(200);
    expect((await listProducts(handle.db)).find((p) => p.key === "savings-bank")!.sample).toBe(true);
    const own = {
      ...APPROVALS,
      confirm_until: OWN_UNTIL,
      review_until: OWN_UNTIL,
      rate_basis: "코픽스 6개월 변동금리 + 가산금리",
      credit_standard: "NICE 500점 이상",
    };
    expect((await sendProduct(id, { ...own, intent: "publish" })).status).toBe(200);
    expect((await listProducts(handle.db)).find((p) => p.key === "savings-bank")!.sample).toBe(false);
  });

  it("an approval that runs out takes the product off the public data on its own, after a warning", async () => {
    const id = await productId("regional-bank-student");
    expect((await sendProduct(id, { ...APPROVALS, review_until: "2027-03-31", intent: "publish" })).status).toBe(200);
    // 2027-03-17 in Seoul: 14 days left, the console warns.
    const warned = await listProducts(handle.db, new Date("2027-03-17T03:00:00.000Z"));
    expect(warned.find((p) => p.key === "regional-bank-student")!.expiring).toEqual([
      { which: "review", until: "2027-03-31", daysLeft: 14 },
    ]);
    const lastSecond = new Date("2027-03-31T14:59:59.000Z");
    expect((await liveProducts(handle.db, "en", lastSecond)).map((p) => p.key)).toContain("regional-bank-student");
    const after = new Date("2027-03-31T15:00:00.000Z");
    expect((await liveProducts(handle.db, "en", after)).map((p) => p.key)).not.toContain("regional-bank-student");
  });

  it("refuses to publish a banner or the popup without approvals, saving nothing, and drops an expired banner", async () => {
    const banner = {
      partner_key: "ad-test",
      title_en: "Test loan",
      rate_from: "13",
      rate_to: "19.9",
      rate_date: "2026-11-20",
      link: "https://partner.example.com/loan",
      enabled: "on",
      intent: "publish",
    };
    const before = await tables();
    const refused = await sendMultipart("/admin/campaigns/banners/new", bannerRoute, { ...banner, ...NO_APPROVALS }, { id: "new" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      product_key: "ads.error.missing",
      confirm_no: "ads.error.missing",
      confirm_until: "ads.error.missing",
      review_no: "ads.error.missing",
      review_until: "ads.error.missing",
    });
    const unknown = await sendMultipart(
      "/admin/campaigns/banners/new",
      bannerRoute,
      { ...banner, ...APPROVALS, product_key: "no-such-product" },
      { id: "new" },
    );
    expect(((await unknown.json()) as { errors: Record<string, string> }).errors).toEqual({ product_key: "ads.error.unknown" });
    const popup = await sendMultipart("/admin/campaigns/popup", popupRoute, {
      link: "https://bank.example.com/events/autumn",
      alt_en: "Autumn event",
      enabled: "on",
      intent: "publish",
      product_key: "regional-bank-general",
      ...NO_APPROVALS,
    });
    expect(popup.status).toBe(400);
    const after = await tables();
    expect({ ...after, images: after.images.length }).toEqual({ ...before, images: before.images.length });

    // Published with approvals ending 2027-01-10: shown that day, gone the next (Korea), warned from 12-27.
    const created = await sendMultipart(
      "/admin/campaigns/banners/new",
      bannerRoute,
      { ...banner, ...APPROVALS, product_key: "regional-bank-general", confirm_until: "2027-01-10" },
      { id: "new" },
    );
    expect(created.status).toBe(200);
    const keys = async (at: string) => (await publicCampaigns(handle.db, "en", new Date(at))).banners.map((b) => b.key);
    expect(await keys("2027-01-10T14:59:59.000Z")).toContain("ad-test");
    expect(await keys("2027-01-10T15:00:00.000Z")).not.toContain("ad-test");
    const warned = await listBanners(handle.db, new Date("2026-12-27T03:00:00.000Z"));
    expect(warned.find((b) => b.key === "ad-test")!.expiring).toEqual([{ which: "confirm", until: "2027-01-10", daysLeft: 14 }]);

    // A draft without approvals cannot be published from the list either.
    const draft = await sendMultipart(
      "/admin/campaigns/banners/new",
      bannerRoute,
      { ...banner, partner_key: "ad-draft", intent: "draft" },
      {
        id: "new",
      },
    );
    const { id } = (await draft.json()) as { id: number };
    const listed = (await callRoute(
      campaigns,
      "guarded",
      post("/admin/campaigns", { csrf, id: String(id), intent: "publish" }, cookie),
      app(),
    )) as Response;
    expect(listed.status).toBe(400);
    expect(((await listed.json()) as { fields: string[] }).fields).toEqual([
      "product_key",
      "confirm_no",
      "confirm_until",
      "review_no",
      "review_until",
    ]);
    expect(
      (await handle.db.selectFrom("campaign_banners").select("published").where("id", "=", id).executeTakeFirstOrThrow()).published,
    ).toBe(0);
  });

  it("the inbox, where operators start, lists the ads whose approval ends within 14 days", async () => {
    const soon = addDays(todayInSeoul(), 5);
    await handle.db.updateTable("campaign_banners").set({ review_until: soon }).where("partner_key", "=", "savings-bank").execute();
    const response = (await callRoute(inbox, "guarded", get("/admin", cookie), app())) as Response;
    expect(response.status).toBe(200);
    const { expiring } = (await response.json()) as { expiring: { name: string; expiring: unknown[] }[] };
    expect(expiring).toEqual([{ name: "Savings bank loan", expiring: [{ which: "review", until: soon, daysLeft: 5 }] }]);
  });
});
