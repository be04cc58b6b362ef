import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement as h, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, Outlet, useLoaderData } from "react-router";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signedInAdmin, signInCookie } from "#tests/support/admin.ts";
import { multipartRequest, type Part } from "#tests/support/multipart.ts";
import { formOutcome } from "#tests/support/form-result.ts";
import { phoneJpeg } from "#tests/support/images.ts";
import { readContentState } from "#app/lib/content-version.server.ts";
import { businessModules } from "#app/business/modules.server.ts";
import { loader as rootLoader } from "#app/root.tsx";
import * as business from "#app/routes/admin.business.tsx";
import * as hitachi from "#app/routes/company.hitachi.tsx";
import * as complete from "#app/routes/company.hitachi.complete.tsx";
import { action as asCreate } from "#app/routes/svc.as.ts";
import { action as purchaseCreate } from "#app/routes/svc.purchase.ts";
import { loader as sitemap } from "#app/routes/sitemap.ts";
import { Menu } from "#app/features/layout/Menu.tsx";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";

/**
 * The cash counter as a line of business (issue 47, item 4): an administrator
 * switches it off on the console's Business page (audited, the content version
 * moves); then its menu item is gone in every language, its pages are the
 * site's 404, its form post and both /svc calls answer 404 and store nothing,
 * and the sitemap leaves it out. Switched on again, all of it is back.
 */
/** The site's not-found page's heading in each language (locales/<lang>/common.json). */
const NOT_FOUND = Object.fromEntries(
  LOCALES.map((l) => [l, (JSON.parse(readFileSync(`locales/${l}/common.json`, "utf8")) as { notFound: { title: string } }).notFound.title]),
) as Record<Locale, string>;

const fields = {
  applicant_name: "홍길동",
  contact_phone: "010-1234-5678",
  applicant_addr: "서울특별시 중구 샘플로 12",
  inquiry_content: "지폐가 자주 걸립니다.",
};

describe.each(DIALECTS)("the cash counter switched on and off on %s", (dialect) => {
  let handle: TestDatabase;
  let services: TestServices;
  let admin: { cookie: string; csrf: string };
  let jpeg: Buffer;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    services = testServices(handle.db);
    admin = await signedInAdmin(services);
    jpeg = await phoneJpeg(64, 32);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const ctx = (locale: Locale = "en") => testContext(services, locale);
  const switchTo = (fields: Record<string, string>) =>
    callRoute(business, "guarded", post("/admin/business", { intent: "modules", csrf: admin.csrf, ...fields }, admin.cookie), services);
  const stored = async () => ({
    as: (await handle.db.selectFrom("as_requests").select("id").execute()).length,
    purchase: (await handle.db.selectFrom("purchase_requests").select("id").execute()).length,
  });
  const audits = async () =>
    (await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "business_update").execute()).map((r) => r.detail);

  /** The page as the server renders it: the root (its loader, the menu) and the cash counter's route, through React Router. */
  async function render(path: string, locale: Locale) {
    const routes = [
      {
        id: "root",
        path: "/",
        loader: rootLoader as never,
        Component: () => h(Fragment, null, h(Menu), h(Outlet)),
        children: [
          {
            id: "hitachi",
            path: "company/hitachi",
            loader: hitachi.loader as never,
            Component: () => h("main", null, h(hitachi.default, { loaderData: useLoaderData() } as never)),
          },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${path}?lang=${locale}`), { requestContext: ctx(locale) });
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const html = renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
    // The menu's links (the language switch below them links the page itself in each language).
    const menu = /<nav [^>]*class="_groups[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    return { status: context.statusCode, html, menu };
  }

  const formPost = async () => {
    const parts: Part[] = Object.entries({ type: "as", ...fields, agree: "on" }).map(([name, value]) => ({ name, value }));
    parts.push({ name: "photos", filename: "p.jpg", type: "image/jpeg", data: jpeg });
    const { request, pulled } = await multipartRequest("/company/hitachi", parts);
    let outcome;
    try {
      outcome = formOutcome(await (hitachi.action as (a: unknown) => Promise<unknown>)({ request, context: ctx(), params: {} }));
    } catch (thrown) {
      outcome = formOutcome(thrown);
    }
    return { status: outcome.status, pulled: pulled() };
  };
  const asPost = async () => {
    const { request, pulled } = await multipartRequest("/svc/as/create", [
      { name: "json_param", value: JSON.stringify(fields) },
      { name: "file_param", filename: "p.jpg", type: "image/jpeg", data: jpeg },
    ]);
    const res = await callAction(asCreate, request, ctx());
    return { status: res.status, json: res.json as { res_status: number; message: string }, pulled: pulled() };
  };
  const purchasePost = () => callAction(purchaseCreate, jsonRequest("/svc/purchase/create", fields), ctx("vi"));
  const sitemapXml = async () =>
    ((await sitemap({ request: get("/sitemap.xml"), context: ctx(), params: {} } as never)) as Response).text();
  const pageStatus = async (route: typeof hitachi | typeof complete, path: string) =>
    formOutcome(await (route.loader as (a: unknown) => Promise<unknown>)({ request: get(path), context: ctx(), params: {} }));

  it("is on in a fresh install: the page, its menu item in every language, its calls and its sitemap entry", async () => {
    expect(await businessModules(handle.db)).toEqual({ counter: true });
    for (const locale of LOCALES) {
      const { status, html, menu } = await render("/company/hitachi", locale);
      expect(status).toBe(200);
      expect(menu).toContain('href="/company/hitachi"');
      expect(html).toContain("iH-110S");
    }
    expect((await pageStatus(complete, "/company/hitachi/complete?type=as")).status).toBe(200);
    expect(await sitemapXml()).toContain("/company/hitachi?lang=en</loc>");
    const page = await callRoute(business, "guarded", get("/admin/business", admin.cookie), services);
    expect(((await page.json()) as { modules: unknown }).modules).toEqual({ counter: true });
  });

  it("refuses a value the form never sends with a 400 and changes nothing", async () => {
    const version = (await readContentState(handle.db)).version;
    const refused = await switchTo({ counter: "yes" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ modulesErrors: { counter: "business.modules.error.value" } });
    expect(await businessModules(handle.db)).toEqual({ counter: true });
    expect((await readContentState(handle.db)).version).toBe(version);
    expect(await audits()).toEqual([]);
  });

  it("is for administrators only", async () => {
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const agent = await signInCookie(services, "agent@example.com", "correct horse battery");
    const agentCsrf = await csrfOf(services, agent);
    const refused = await callRoute(business, "guarded", post("/admin/business", { intent: "modules", csrf: agentCsrf }, agent), services);
    expect(refused.status).toBe(403);
    expect(await businessModules(handle.db)).toEqual({ counter: true });
  });

  it("switched off: audited, the content version moves, and the counter is gone from the public site", async () => {
    const version = (await readContentState(handle.db)).version;
    const saved = await switchTo({});
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ok: "modules" });
    expect(await businessModules(handle.db)).toEqual({ counter: false });
    expect((await readContentState(handle.db)).version).toBe(version + 1);
    expect(await audits()).toEqual(['module counter: "true" → "false"']);
    // The same choice again: nothing written.
    expect(await (await switchTo({})).json()).toEqual({ ok: "unchanged" });
    expect(await audits()).toHaveLength(1);

    for (const locale of LOCALES) {
      const { status, html, menu } = await render("/company/hitachi", locale);
      expect(status).toBe(404);
      expect(menu).toContain('href="/company/about"');
      expect(menu).not.toContain("/company/hitachi");
      expect(html).not.toContain("iH-110S");
      expect(html).toContain(NOT_FOUND[locale]);
      const home = await render("/", locale);
      expect(home.html).not.toContain('href="/company/hitachi"');
    }
    expect((await pageStatus(hitachi, "/company/hitachi")).status).toBe(404);
    expect((await pageStatus(complete, "/company/hitachi/complete?type=purchase")).status).toBe(404);

    const form = await formPost();
    expect(form).toMatchObject({ status: 404, pulled: 0 });
    const as = await asPost();
    expect(as).toMatchObject({ status: 404, json: { res_status: 404, message: "There is no such address." }, pulled: 0 });
    const purchase = await purchasePost();
    expect(purchase.status).toBe(404);
    expect(purchase.json).toMatchObject({ res_status: 404, message: "Không có địa chỉ này." });
    expect(await stored()).toEqual({ as: 0, purchase: 0 });

    const xml = await sitemapXml();
    expect(xml).not.toContain("/company/hitachi");
    expect(xml).toContain("/company/about?lang=en</loc>");
  });

  it("switched on again: all of it is back", async () => {
    expect(await (await switchTo({ counter: "on" })).json()).toEqual({ ok: "modules" });
    expect(await audits()).toContain('module counter: "false" → "true"');
    const { status, html, menu } = await render("/company/hitachi", "mn");
    expect(status).toBe(200);
    expect(menu).toContain('href="/company/hitachi"');
    expect(html).toContain("iH-110S");
    expect((await pageStatus(complete, "/company/hitachi/complete?type=as")).status).toBe(200);
    expect((await formPost()).status).toBe(303);
    expect((await asPost()).status).toBe(200);
    expect((await purchasePost()).status).toBe(200);
    expect(await stored()).toEqual({ as: 2, purchase: 1 });
    expect(await sitemapXml()).toContain("/company/hitachi?lang=en</loc>");
  });
});
