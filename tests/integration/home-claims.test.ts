import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices, type TestServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { publicClaims, unconfirmedHomeClaims } from "#app/features/home-claims/home-claims.server.ts";
import { SAMPLE_REVIEWS } from "#db/migrations/0160_home_claims.ts";
import * as claimsRoute from "#app/routes/admin.home-claims.tsx";
import * as reviewRoute from "#app/routes/admin.home-claims.review.tsx";

/**
 * The home page's figures and reviews (issue 35, item 4) on both dialects:
 * a fresh install shows the spec's samples, listed as unconfirmed; figures
 * that cannot all be true are refused and change nothing; a confirmation,
 * an edit, a hidden section and a new review are audited and move the
 * content version every instance watches.
 */
const FIGURES_FORM = {
  requests_value: "12,400",
  requests_as_of: "2026-10-31",
  requests_source_en: "Our consultation records",
  requests_source_vi: "Hồ sơ tư vấn của chúng tôi",
  approved_value: "3100",
  approved_as_of: "2026-10-31",
  approved_source_en: "Partner lenders' approval notices",
  approval_rate_value: "62.5",
  approval_rate_as_of: "2026-10-31",
  approval_rate_source_en: "Approvals ÷ applications sent to lenders",
  disbursed_value: "31000000000",
  disbursed_as_of: "2026-10-31",
  disbursed_source_en: "Lenders' disbursement statements",
};

describe.each(DIALECTS)("home figures and reviews on %s", (dialect) => {
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
  afterAll(async () => handle.cleanup());

  const version = async () =>
    Number(
      (await handle.db.selectFrom("content_versions").select("version").where("name", "=", "campaigns").executeTakeFirstOrThrow()).version,
    );
  const audits = async () =>
    (await handle.db.selectFrom("admin_audit_log").select(["action", "detail"]).orderBy("id").execute()).map(
      (r) => `${r.action} ${r.detail}`,
    );
  const figures = () => handle.db.selectFrom("home_figures").selectAll().orderBy("position").execute();
  const postClaims = (fields: Record<string, string>) =>
    callRoute(claimsRoute, "guarded", post("/admin/home-claims", { csrf, ...fields }, cookie), services);
  const postReview = (id: string, fields: Record<string, string>) =>
    callRoute(reviewRoute, "guarded", post(`/admin/home-claims/reviews/${id}`, { csrf, ...fields }, cookie), services, { id });

  it("a fresh install shows neither the spec's sample figures nor its reviews, and lists every one of them as unconfirmed (issue 48 item 3)", async () => {
    for (const locale of ["en", "vi", "id", "my", "mn"] as const)
      expect(await publicClaims(handle.db, locale)).toEqual({ figures: null, reviews: null });
    expect(await unconfirmedHomeClaims(handle.db)).toEqual([
      { kind: "figure", key: "requests" },
      { kind: "figure", key: "approved" },
      { kind: "figure", key: "approval_rate" },
      { kind: "figure", key: "disbursed" },
      ...SAMPLE_REVIEWS.map((r, i) => ({ kind: "review", id: i + 1, name: r.name })),
    ]);
  });

  it("is for administrators only", async () => {
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const agent = await signInCookie(services, "agent@example.com", "correct horse battery");
    expect((await callRoute(claimsRoute, "guarded", get("/admin/home-claims", agent), services)).status).toBe(403);
    const agentCsrf = await csrfOf(services, agent);
    const response = await callRoute(
      claimsRoute,
      "guarded",
      post("/admin/home-claims", { csrf: agentCsrf, intent: "hide", section: "figures" }, agent),
      services,
    );
    expect(response.status).toBe(403);
  });

  it("refuses to confirm the spec's samples (the total cannot hold 50,000 approvals at 1,000,000 KRW) and changes nothing", async () => {
    const [rows, trail, before] = [await figures(), await audits(), await version()];
    const response = await postClaims({
      intent: "figures",
      requests_value: "100000",
      requests_as_of: "2026-11-01",
      requests_source_en: "Counted",
      approved_value: "50000",
      approved_as_of: "2026-11-01",
      approved_source_en: "Counted",
      approval_rate_value: "85",
      approval_rate_as_of: "2026-11-01",
      approval_rate_source_en: "Counted",
      disbursed_value: "5200000000",
      disbursed_as_of: "2026-11-01",
      disbursed_source_en: "Counted",
      confirm: "on",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ form: "figures", errors: { disbursed_value: "claims.error.disbursedTooSmall" } });
    expect(await figures()).toEqual(rows);
    expect(await audits()).toEqual(trail);
    expect(await version()).toBe(before);
  });

  it("answers 400 to a malformed post and a missing section, and 403 without the form token", async () => {
    const wrongType = new Request("http://localhost/admin/home-claims", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost", cookie },
      body: "{}",
    });
    expect((await callRoute(claimsRoute, "guarded", wrongType, services)).status).toBe(400);
    expect((await postClaims({ intent: "hide", section: "nope" })).status).toBe(400);
    expect(
      (await callRoute(claimsRoute, "guarded", post("/admin/home-claims", { intent: "hide", section: "figures" }, cookie), services))
        .status,
    ).toBe(403);
  });

  it("saves and confirms figures that agree, audited old → new, and moves the content version", async () => {
    const [trail, before] = [await audits(), await version()];
    const response = await postClaims({ intent: "figures", ...FIGURES_FORM, confirm: "on" });
    expect(response.status).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    const added = (await audits()).slice(trail.length);
    expect(added).toContain("claims_confirm requests: confirmed");
    expect(added.some((l) => l.startsWith("claims_update") && l.includes('disbursed_value: "5200000000" → "31000000000"'))).toBe(true);
    const rows = await figures();
    expect(rows.every((r) => r.confirmed_by === "admin@example.com")).toBe(true);
    expect(rows.map((r) => Number(r.value))).toEqual([12_400, 3_100, 625, 31_000_000_000]);
    const vi = await publicClaims(handle.db, "vi");
    expect(vi.figures?.map((f) => [f.value, f.source])).toEqual([
      ["12.400", "Hồ sơ tư vấn của chúng tôi"],
      ["3.100", "Partner lenders' approval notices"],
      ["62,5", "Approvals ÷ applications sent to lenders"],
      ["31", "Lenders' disbursement statements"],
    ]);
    expect((await unconfirmedHomeClaims(handle.db)).map((c) => c.kind)).toEqual(["review", "review", "review"]);
  });

  it("saving again without the confirmation makes the figures samples again", async () => {
    expect((await postClaims({ intent: "figures", ...FIGURES_FORM })).status).toBe(200);
    expect((await figures()).every((r) => r.confirmed_at === null)).toBe(true);
    expect((await unconfirmedHomeClaims(handle.db)).filter((c) => c.kind === "figure")).toHaveLength(4);
    expect((await postClaims({ intent: "figures", ...FIGURES_FORM, confirm: "on" })).status).toBe(200);
  });

  it("a hidden section leaves the page and the unconfirmed list; shown again, it is back", async () => {
    const before = await version();
    expect((await postClaims({ intent: "hide", section: "reviews" })).status).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    expect((await publicClaims(handle.db, "en")).reviews).toBeNull();
    expect(await unconfirmedHomeClaims(handle.db)).toEqual([]);
    expect(await audits()).toContain("claims_section reviews: hidden");
    expect((await postClaims({ intent: "show", section: "reviews" })).status).toBe(200);
    // Shown again, the section still waits for its reviews to be confirmed: nothing on the page, all three listed.
    expect((await publicClaims(handle.db, "en")).reviews).toBeNull();
    expect((await unconfirmedHomeClaims(handle.db)).filter((c) => c.kind === "review")).toHaveLength(3);
  });

  it("refuses to confirm a review without the consent date, and changes nothing", async () => {
    const [trail, rows] = [await audits(), await handle.db.selectFrom("home_reviews").selectAll().execute()];
    const response = await postReview("1", {
      name: "Siti N*** R",
      country: "id",
      rating: "5",
      original_lang: "id",
      quote: SAMPLE_REVIEWS[0]!.quote,
      incentive: "no",
      confirm: "on",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { consent_date: "claims.error.consentNeeded" } });
    expect(await handle.db.selectFrom("home_reviews").selectAll().execute()).toEqual(rows);
    expect(await audits()).toEqual(trail);
  });

  it("a new review with a translation and a reward: shown translated and disclosed, the overall rating computed from the records", async () => {
    const before = await version();
    const response = await postReview("new", {
      name: "Bat-Erdene B***",
      country: "vn",
      rating: "4",
      original_lang: "en",
      quote: "They explained every cost before I signed.",
      quote_vi: "Họ giải thích mọi chi phí trước khi tôi ký.",
      consent_date: "2026-10-20",
      incentive: "yes",
      confirm: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/home-claims?saved=review");
    expect(await version()).toBeGreaterThan(before);
    const vi = await publicClaims(handle.db, "vi");
    const added = vi.reviews?.list.find((r) => r.name === "Bat-Erdene B***");
    expect(added).toMatchObject({ lang: "vi", text: "Họ giải thích mọi chi phí trước khi tôi ký.", translatedFrom: "en", incentive: true });
    // Only the confirmed review shows, and the rating is computed from it alone (the samples wait, unconfirmed).
    expect(vi.reviews).toMatchObject({ mean: 4, average: "4", count: 1 });
    expect((await publicClaims(handle.db, "id")).reviews?.list.find((r) => r.name === "Bat-Erdene B***")).toMatchObject({
      lang: "en",
      translatedFrom: null,
    });
    expect((await audits()).some((l) => l.startsWith("claims_confirm Bat-Erdene B***: confirmed"))).toBe(true);
  });

  it("hiding one review drops it from the page, the rating and the unconfirmed list", async () => {
    const sample = SAMPLE_REVIEWS[1]!;
    const response = await postReview("2", {
      name: sample.name,
      country: sample.country,
      rating: "5",
      original_lang: sample.original_lang,
      quote: sample.quote,
      incentive: "no",
      hidden: "on",
    });
    expect(response.status).toBe(302);
    const en = await publicClaims(handle.db, "en");
    expect(en.reviews?.list.map((r) => r.name)).not.toContain(sample.name);
    expect(en.reviews).toMatchObject({ count: 1, mean: 4 });
    expect((await unconfirmedHomeClaims(handle.db)).map((c) => (c.kind === "review" ? c.name : c.key))).toEqual([
      SAMPLE_REVIEWS[0]!.name,
      SAMPLE_REVIEWS[2]!.name,
    ]);
  });
});
