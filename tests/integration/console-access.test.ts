import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, signInCookie, csrfOf, get, post, type Placement } from "#tests/support/admin.ts";
import { CONSOLE_LAYOUTS, CONSOLE_ROUTES } from "#tests/support/admin-routes.ts";
import * as signIn from "#app/routes/admin.sign-in.tsx";
import * as signOut from "#app/routes/admin.sign-out.ts";
import * as lang from "#app/routes/admin.lang.ts";
import * as photo from "#app/routes/admin.photo.ts";
import * as exportCsv from "#app/routes/admin.export.ts";
import * as inbox from "#app/routes/admin.inbox.tsx";
import * as myCalls from "#app/routes/admin.calls.tsx";
import * as request from "#app/routes/admin.request.tsx";
import * as blogLinks from "#app/routes/admin.blog-links.tsx";
import * as businessPage from "#app/routes/admin.business.tsx";
import * as goLive from "#app/routes/admin.go-live.tsx";
import * as brand from "#app/routes/admin.brand.tsx";
import * as goLiveFindings from "#app/routes/admin.go-live.findings.ts";
import * as homeClaims from "#app/routes/admin.home-claims.tsx";
import * as homeClaimsReview from "#app/routes/admin.home-claims.review.tsx";
import * as banners from "#app/routes/admin.banners.tsx";
import * as audit from "#app/routes/admin.audit.tsx";
import * as reports from "#app/routes/admin.reports.tsx";
import * as reportsCsv from "#app/routes/admin.reports.csv.ts";
import * as notFound from "#app/routes/admin.not-found.tsx";
import * as notifications from "#app/routes/admin.notifications.tsx";
import * as privacy from "#app/routes/admin.privacy.tsx";
import * as deadlines from "#app/routes/admin.deadlines.tsx";
import * as campaigns from "#app/routes/admin.campaigns.tsx";
import * as campaignBanner from "#app/routes/admin.campaigns.banner.tsx";
import * as campaignPopup from "#app/routes/admin.campaigns.popup.tsx";
import * as products from "#app/routes/admin.products.tsx";
import * as calendarRoute from "#app/routes/admin.calendar.tsx";
import * as productEdit from "#app/routes/admin.products.edit.tsx";
import * as productNew from "#app/routes/admin.products.new.tsx";
import * as lenders from "#app/routes/admin.lenders.tsx";
import * as lenderEdit from "#app/routes/admin.lenders.edit.tsx";
import * as legalList from "#app/routes/admin.legal.tsx";
import * as legalNew from "#app/routes/admin.legal.new.tsx";
import * as legalEdit from "#app/routes/admin.legal.edit.tsx";
import * as operators from "#app/routes/admin.operators.tsx";
import * as passwordLink from "#app/routes/admin.password.tsx";
import * as secondStep from "#app/routes/admin.sign-in-code.tsx";
import * as account from "#app/routes/admin.account.tsx";
import * as accessReview from "#app/routes/admin.access.tsx";
import * as destruction from "#app/routes/admin.destruction.tsx";
import * as downloads from "#app/routes/admin.downloads.tsx";
import * as breach from "#app/routes/admin.breach.tsx";

const MODULES: Record<string, { module: object; placement: Placement }> = {
  "routes/admin.sign-in.tsx": { module: signIn, placement: "open" },
  "routes/admin.sign-out.ts": { module: signOut, placement: "open" },
  "routes/admin.lang.ts": { module: lang, placement: "open" },
  "routes/admin.photo.ts": { module: photo, placement: "open" },
  "routes/admin.export.ts": { module: exportCsv, placement: "open" },
  "routes/admin.inbox.tsx": { module: inbox, placement: "guarded" },
  "routes/admin.calls.tsx": { module: myCalls, placement: "guarded" },
  "routes/admin.calendar.tsx": { module: calendarRoute, placement: "guarded" },
  "routes/admin.request.tsx": { module: request, placement: "guarded" },
  "routes/admin.blog-links.tsx": { module: blogLinks, placement: "guarded" },
  "routes/admin.business.tsx": { module: businessPage, placement: "guarded" },
  "routes/admin.go-live.tsx": { module: goLive, placement: "guarded" },
  "routes/admin.brand.tsx": { module: brand, placement: "guarded" },
  "routes/admin.go-live.findings.ts": { module: goLiveFindings, placement: "open" },
  "routes/admin.home-claims.tsx": { module: homeClaims, placement: "guarded" },
  "routes/admin.home-claims.review.tsx": { module: homeClaimsReview, placement: "guarded" },
  "routes/admin.banners.tsx": { module: banners, placement: "guarded" },
  "routes/admin.audit.tsx": { module: audit, placement: "guarded" },
  "routes/admin.reports.tsx": { module: reports, placement: "guarded" },
  "routes/admin.reports.csv.ts": { module: reportsCsv, placement: "open" },
  "routes/admin.not-found.tsx": { module: notFound, placement: "guarded" },
  "routes/admin.notifications.tsx": { module: notifications, placement: "guarded" },
  "routes/admin.privacy.tsx": { module: privacy, placement: "guarded" },
  "routes/admin.downloads.tsx": { module: downloads, placement: "guarded" },
  "routes/admin.breach.tsx": { module: breach, placement: "guarded" },
  "routes/admin.deadlines.tsx": { module: deadlines, placement: "guarded" },
  "routes/admin.campaigns.tsx": { module: campaigns, placement: "guarded" },
  "routes/admin.campaigns.banner.tsx": { module: campaignBanner, placement: "guarded" },
  "routes/admin.campaigns.popup.tsx": { module: campaignPopup, placement: "guarded" },
  "routes/admin.products.tsx": { module: products, placement: "guarded" },
  "routes/admin.products.edit.tsx": { module: productEdit, placement: "guarded" },
  "routes/admin.products.new.tsx": { module: productNew, placement: "guarded" },
  "routes/admin.lenders.tsx": { module: lenders, placement: "guarded" },
  "routes/admin.lenders.edit.tsx": { module: lenderEdit, placement: "guarded" },
  "routes/admin.legal.tsx": { module: legalList, placement: "guarded" },
  "routes/admin.legal.new.tsx": { module: legalNew, placement: "guarded" },
  "routes/admin.legal.edit.tsx": { module: legalEdit, placement: "guarded" },
  "routes/admin.operators.tsx": { module: operators, placement: "guarded" },
  "routes/admin.password.tsx": { module: passwordLink, placement: "open" },
  "routes/admin.sign-in-code.tsx": { module: secondStep, placement: "open" },
  "routes/admin.account.tsx": { module: account, placement: "guarded" },
  "routes/admin.access.tsx": { module: accessReview, placement: "guarded" },
  "routes/admin.destruction.tsx": { module: destruction, placement: "guarded" },
};

interface Entry {
  file: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}
function consoleFiles(entries: Entry[], inConsole = false, guarded = false, out: { file: string; guarded: boolean }[] = []) {
  for (const e of entries) {
    const here = inConsole || e.file === "routes/admin.tsx";
    const guard = guarded || e.file === "routes/admin.console.tsx";
    if (here && !CONSOLE_LAYOUTS.includes(e.file)) out.push({ file: e.file, guarded: guard });
    if (e.children) consoleFiles(e.children, here, guard, out);
  }
  return out;
}

describe("the list of console routes", () => {
  it("holds every /admin route of app/routes.ts, each under the guard that its access needs", () => {
    const declared = consoleFiles(routes as unknown as Entry[]);
    expect(declared.map((d) => d.file).sort()).toEqual(CONSOLE_ROUTES.map((r) => r.file).sort());
    for (const d of declared) {
      const listed = CONSOLE_ROUTES.find((r) => r.file === d.file)!;
      expect(d.guarded, d.file).toBe(listed.access === "page");
      expect(MODULES[d.file]!.placement, d.file).toBe(d.guarded ? "guarded" : "open");
    }
  });
});

describe.each(DIALECTS)("no console page, data or photo without a session, on %s", (dialect) => {
  let handle: TestDatabase;
  let ids: Record<string, string>;
  const secretName = "SECRET PERSON";
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "ops@example.com", "correct horse battery");
    const at = "2026-11-20T03:00:00.000Z";
    const answer = await handle.db
      .insertInto("consultation_answers")
      .values({ submission_id: null, lang: "vi", marketing_yn: "N", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("consultation_answer_items")
      .values([
        { answer_id: answer.id, question_seq: 5, answer_content: secretName },
        { answer_id: answer.id, question_seq: 6, answer_content: "01099998888" },
      ])
      .execute();
    const as = await handle.db
      .insertInto("as_requests")
      .values({
        submission_id: null,
        lang: "en",
        applicant_name: secretName,
        contact_phone: "01011112222",
        applicant_addr: "Seoul",
        inquiry_content: "broken",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const p = await handle.db
      .insertInto("as_request_photos")
      .values({
        as_request_id: as.id,
        content_type: "image/jpeg",
        byte_size: 3,
        width: 1,
        height: 1,
        data: new Uint8Array([1, 2, 3]),
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids = { consultation: String(answer.id), photo: String(p.id) };
  }, 30_000); // a fresh schema and migrations: slow on a busy PostgreSQL
  afterAll(async () => handle.cleanup());

  const url = (path: string) => path.replace("{consultation}", ids.consultation!).replace("{photo}", ids.photo!);
  const paramsOf = (path: string): Record<string, string> => {
    const m = /\/requests\/(\w+)\/(\d+)/.exec(path) ?? /\/(?:photos|banners|products|reviews|legal)\/(\d+)/.exec(path);
    if (!m) return {};
    return m.length === 3 ? { kind: m[1]!, id: m[2]! } : { id: m[1]! };
  };

  for (const route of CONSOLE_ROUTES) {
    it(`${route.access}: ${route.path}`, async () => {
      const { module, placement } = MODULES[route.file]!;
      const app = testServices(handle.db);
      const path = url(route.path);
      const params = paramsOf(path);
      const noCookie = [undefined, "admin_session=forged-or-expired"];
      for (const cookie of noCookie) {
        const response = await callRoute(module, placement, get(path, cookie), app, params);
        const body = await response.text();
        expect(body, path).not.toContain(secretName);
        expect(body).not.toContain("01099998888");
        if (route.access === "page") {
          expect(response.status, path).toBe(302);
          expect(response.headers.get("location")).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
        } else if (route.access === "data") {
          expect(response.status, path).toBe(401);
        } else {
          expect([200, 302], path).toContain(response.status);
        }
        if (route.post) {
          const posted = await callRoute(module, placement, post(path, route.post, cookie), app, params);
          expect(posted.status, `POST ${path}`).toBe(302);
          expect(posted.headers.get("location")).toMatch(/^\/admin\/sign-in/);
        }
      }
      // Nothing changed, nothing was added.
      const row = await handle.db
        .selectFrom("consultation_answers")
        .select(["status", "operator_note"])
        .where("id", "=", Number(ids.consultation))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "new", operator_note: "" });
      expect(await handle.db.selectFrom("blog_links").selectAll().where("og_url", "=", "https://example.com/").execute()).toHaveLength(0);
      expect(await handle.db.selectFrom("push_subscriptions").selectAll().execute()).toHaveLength(0);
      expect(await handle.db.selectFrom("campaign_banners").select("id").execute()).toHaveLength(3);
      expect(await handle.db.selectFrom("campaign_banners").select("id").where("texts", "like", "%hacked%").execute()).toHaveLength(0);
      expect(await handle.db.selectFrom("campaign_popup").select("id").where("alts", "like", "%hacked%").execute()).toHaveLength(0);
    });
  }

  it("answers every console route to a signed-in operator", async () => {
    const app = testServices(handle.db);
    const cookie = await signInCookie(app, "ops@example.com", "correct horse battery");
    for (const route of CONSOLE_ROUTES.filter((r) => r.access !== "public")) {
      const { module, placement } = MODULES[route.file]!;
      const path = url(route.path);
      const response = await callRoute(module, placement, get(path, cookie), app, paramsOf(path));
      expect(response.status, path).toBe(
        route.officerOnly ? 403 : (route.signedInStatus ?? (route.file.endsWith("not-found.tsx") ? 404 : 200)),
      );
    }
  });

  it("refuses an agent every administrators' route with 403 (page, .data and POST), and answers it the others", async () => {
    const app = testServices(handle.db);
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent", { twoStep: true });
    const cookie = await signInCookie(app, "agent@example.com", "correct horse battery");
    const csrf = await csrfOf(app, cookie);
    for (const route of CONSOLE_ROUTES.filter((r) => r.access !== "public")) {
      const { module, placement } = MODULES[route.file]!;
      const path = url(route.path);
      const dataPath = path.replace(/^([^?]*)/, "$1.data");
      for (const p of [path, dataPath]) {
        const response = await callRoute(module, placement, get(p, cookie), app, paramsOf(path));
        const expected = route.adminOnly || route.officerOnly ? 403 : route.file.endsWith("not-found.tsx") ? 404 : 200;
        expect(response.status, p).toBe(expected);
        if (route.adminOnly) expect(await response.text(), p).not.toContain(secretName);
      }
      if (route.post && (route.adminOnly || route.officerOnly)) {
        const posted = await callRoute(module, placement, post(path, { ...route.post, csrf }, cookie), app, paramsOf(path));
        expect(posted.status, `POST ${path}`).toBe(403);
      }
    }
    expect(await handle.db.selectFrom("admin_operators").select("id").where("email", "=", "intruder@example.com").execute()).toHaveLength(
      0,
    );
    expect(await handle.db.selectFrom("blog_links").selectAll().where("og_url", "=", "https://example.com/").execute()).toHaveLength(0);
    expect(await handle.db.selectFrom("access_reviews").select("id").execute()).toHaveLength(0);
  });

  it("sends the privacy officer from every page but its own and its account to its review, and refuses it data (ADR 0053)", async () => {
    const app = testServices(handle.db);
    await createOperator(handle.db, "officer@example.com", "correct horse battery", "officer");
    const cookie = await signInCookie(app, "officer@example.com", "correct horse battery");
    for (const route of CONSOLE_ROUTES.filter((r) => r.access !== "public")) {
      const { module, placement } = MODULES[route.file]!;
      const path = url(route.path);
      const response = await callRoute(module, placement, get(path, cookie), app, paramsOf(path));
      const body = await response.text();
      expect(body, path).not.toContain(secretName);
      expect(body, path).not.toContain("01099998888");
      if (route.access === "data") expect(response.status, path).toBe(403);
      else if (route.officerOnly || route.file === "routes/admin.account.tsx") expect(response.status, path).toBe(200);
      else {
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location"), path).toBe("/admin/access");
      }
    }
  });
});
