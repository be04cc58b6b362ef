import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { createElement, type ComponentType } from "react";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { png } from "#tests/support/images.ts";
import { readContentState } from "#app/lib/content-version.server.ts";
import { i18nFor } from "#app/i18n/route.server.ts";
import { authenticatorIssuer, businessBrand } from "#app/business/brand.server.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { brandFields } from "#app/features/brand-settings/schema.ts";
import { brandFindings } from "#app/features/go-live/checks.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { loader as rootLoader } from "#app/root.tsx";
import { loader as openApiLoader } from "#app/routes/svc.openapi.ts";
import * as brandRoute from "#app/routes/admin.brand.tsx";
import * as media from "#app/routes/media.brand.ts";
import { SocialChannels } from "#app/features/info/SocialChannels.tsx";
import { VisaPage } from "#app/features/info/ServicePages.tsx";
import { BlogsPage } from "#app/features/blogs/BlogsPage.tsx";
import { ContactWidget } from "#app/features/site/ContactWidget.tsx";
import { Header } from "#app/features/layout/Header.tsx";

/**
 * The business's brand and links (issue 47, item 3): administrators save
 * them on the console's Brand page; a valid save is audited, moves the
 * content version and is what a second instance reads, and the public pages
 * (rendered here from the root loader's data, as the server renders them)
 * show the new links and hide the emptied ones; a refused save names its
 * field and changes nothing; the logo is an uploaded image, re-encoded and
 * served from the database.
 */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | null, cookie: string): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("image", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return new Request(`${ORIGIN}/admin/brand`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
}

/** A public component as the server renders it: under the root route, with the root loader's data and the page's catalogs. */
async function render(services: TestServices, Page: ComponentType, namespaces: ("info" | "blogs")[] = ["info"]): Promise<string> {
  const context = testContext(services);
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: ({ request }) => rootLoader({ request, context, params: {} } as never),
      children: [{ index: true, id: "page", loader: () => ({ i18n: i18nFor(context, namespaces) }), Component: Page }],
    },
  ];
  const handler = createStaticHandler(routes);
  const result = await handler.query(new Request(`${ORIGIN}/`));
  if (result instanceof Response) throw new Error(`render: ${result.status}`);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result, hydrate: false }),
  );
}

const Blogs = () => createElement(BlogsPage, { feed: { items: [], hasMore: false } as never });
const Widget = () => createElement(ContactWidget);

describe.each(DIALECTS)("the console's Brand page on %s", (dialect) => {
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
    callRoute(brandRoute, "guarded", post("/admin/brand", { ...brandFields(SAMPLE_BRAND), ...changes, csrf }, cookie), services);
  const audits = async () =>
    (await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "brand_update").execute()).map((r) => r.detail);

  it("starts from the sample: the pages show today's sample links and the trade name as issuer", async () => {
    expect(await businessBrand(handle.db)).toEqual(SAMPLE_BRAND);
    const page = await callRoute(brandRoute, "guarded", get("/admin/brand", cookie), services);
    expect(page.status).toBe(200);
    expect(await authenticatorIssuer(handle.db)).toBe("K-Loan Guide");
    const social = await render(services, SocialChannels);
    expect(social).toContain('href="https://www.tiktok.com/@example.kloanguide"');
    expect(social).toContain('href="https://www.facebook.com/example.kloanguide.en"');
  });

  it("is for administrators only", async () => {
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const agent = await signInCookie(services, "agent@example.com", "correct horse battery");
    expect((await callRoute(brandRoute, "guarded", get("/admin/brand", agent), services)).status).toBe(403);
    const refused = await callRoute(
      brandRoute,
      "guarded",
      post("/admin/brand", { ...brandFields(SAMPLE_BRAND), tiktok: "", csrf: await csrfOf(services, agent) }, agent),
      services,
    );
    expect(refused.status).toBe(403);
    expect(await businessBrand(handle.db)).toEqual(SAMPLE_BRAND);
  });

  it("refuses bad links beside their fields, keeps what was typed and changes nothing", async () => {
    const version = (await readContentState(handle.db)).version;
    const response = await save({
      chat_kakaotalk: "https://open.kakao.example/hanbit",
      facebook_english: "http://www.facebook.com/hanbit",
      visa_support: "javascript:alert(1)",
      chat_zalo: "https://zalo.me/0912345678",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: { chat_kakaotalk: "brand.error.host.kakaotalk", facebook_english: "brand.error.https", visa_support: "brand.error.https" },
      values: { chat_kakaotalk: "https://open.kakao.example/hanbit", chat_zalo: "https://zalo.me/0912345678" },
    });
    expect(await businessBrand(handle.db)).toEqual(SAMPLE_BRAND);
    expect(await audits()).toEqual([]);
    expect((await readContentState(handle.db)).version).toBe(version);
  });

  it("saves, audits each change, moves the content version; a second instance and the public pages show it, empty hides", async () => {
    const version = (await readContentState(handle.db)).version;
    const response = await save({
      issuer: "Hanbit Loan",
      api_title: "Hanbit Loan partner API",
      chat_whatsapp: "",
      chat_kakaotalk: "https://pf.kakao.com/_hanbit",
      chat_zalo: "https://zalo.me/0912345678",
      facebook_english: "https://www.facebook.com/hanbitloan",
      ...Object.fromEntries(["mongolia", "indonesia", "vietnam", "uzbekistan", "philippines"].map((a) => [`facebook_${a}`, ""])),
      instagram_mongolia: "",
      instagram_indonesia: "",
      tiktok: "",
      blog_naver: "https://blog.naver.com/hanbitloan",
      blog_tistory: "",
      blog_medium: "",
      visa_support: "",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: "saved" });
    expect((await readContentState(handle.db)).version).toBe(version + 1);
    const read = await businessBrand(second.db);
    expect(read.chat).toEqual({
      whatsapp: "",
      messenger: SAMPLE_BRAND.chat.messenger,
      kakaotalk: "https://pf.kakao.com/_hanbit",
      zalo: "https://zalo.me/0912345678",
    });
    const detail = (await audits()).join("; ");
    expect(detail).toContain('chat_kakaotalk: "" → "https://pf.kakao.com/_hanbit"');
    expect(detail).toContain('issuer: "" → "Hanbit Loan"');

    // The contact widget: KakaoTalk and Zalo shown, WhatsApp (emptied) not; every link leaves safely.
    const widget = await render(services, Widget);
    expect(widget).toContain('href="https://pf.kakao.com/_hanbit"');
    expect(widget).toContain(">KakaoTalk<");
    expect(widget).toContain('href="https://zalo.me/0912345678"');
    expect(widget).toContain(">Zalo<");
    expect(widget).not.toContain("wa.me");
    expect(widget).not.toContain(">WhatsApp<");
    expect(widget.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(3);

    // Social channels: one Facebook page; the Instagram group and TikTok, all empty, are gone.
    const social = await render(services, SocialChannels);
    expect(social).toContain('href="https://www.facebook.com/hanbitloan"');
    expect(social).toContain("A page for one community");
    expect(social).not.toContain("Instagram");
    expect(social).not.toContain("TikTok");
    expect(social).not.toContain("example.kloanguide");

    // The visa card, emptied, is not drawn; the blogs show Naver only.
    expect(await render(services, VisaPage)).not.toContain("<a ");
    const blogs = await render(services, Blogs, ["blogs"]);
    expect(blogs).toContain('href="https://blog.naver.com/hanbitloan"');
    expect(blogs).not.toContain("example.org");

    // The authenticator issuer and the API's title.
    expect(await authenticatorIssuer(handle.db)).toBe("Hanbit Loan");
    const api = (await (await (openApiLoader as (a: unknown) => Promise<Response>)({ context: testContext(services) })).json()) as {
      info: { title: string };
    };
    expect(api.info.title).toBe("Hanbit Loan partner API");

    // The same values again: nothing saved, nothing audited.
    const rows = (await audits()).length;
    expect(await (await save(brandFields(read))).json()).toEqual({ ok: "unchanged" });
    expect(await audits()).toHaveLength(rows);

    // The go-live check no longer lists what was replaced or emptied.
    const fields = brandFindings(read, await businessIdentity(handle.db)).map((f) => f.field);
    expect(fields).not.toContain("brand.field.issuer");
    expect(fields).not.toContain("brand.field.tiktok");
    expect(fields).toContain("brand.field.chat_messenger");
  });

  it("keeps an uploaded logo re-encoded and serves it; the header shows it; anything else is refused and changes nothing", async () => {
    const fake = await callRoute(
      brandRoute,
      "guarded",
      multipart(
        { csrf, kind: "logo" },
        { name: "logo.png", type: "image/png", bytes: Buffer.from("<svg onload=alert(1)>".repeat(8)) },
        cookie,
      ),
      services,
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({ imageError: "brand.error.imageType", kind: "logo" });
    const small = await callRoute(
      brandRoute,
      "guarded",
      multipart({ csrf, kind: "shareCard" }, { name: "card.png", type: "image/png", bytes: await png(200, 100) }, cookie),
      services,
    );
    expect(await small.json()).toEqual({ imageError: "brand.error.imageSmall", kind: "shareCard" });
    expect((await businessBrand(handle.db)).logo).toBe("");
    expect((await businessBrand(handle.db)).shareCard).toBe(SAMPLE_BRAND.shareCard);

    const ok = await callRoute(
      brandRoute,
      "guarded",
      multipart({ csrf, kind: "logo" }, { name: "whatever.txt", type: "text/plain", bytes: await png(120, 80) }, cookie),
      services,
    );
    expect(await ok.json()).toEqual({ ok: "image" });
    const url = (await businessBrand(second.db)).logo;
    expect(url).toMatch(/^\/media\/brand\/[0-9a-f]{32}\.webp$/);
    const served = (await media.loader({
      params: { name: url.split("/").pop()! },
      context: testContext(services),
      request: get(url),
    } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    await expect((await import("sharp")).default(Buffer.from(await served.arrayBuffer())).metadata()).resolves.toMatchObject({
      width: 96,
      height: 96,
    });
    const missing = (await media.loader({
      params: { name: "../../etc/passwd" },
      context: testContext(services),
      request: get("/"),
    } as never)) as Response;
    expect(missing.status).toBe(404);

    expect(await render(services, Header)).toContain(`src="${url}"`);
    expect((await audits()).at(-1)).toContain(`logo: "" → "${url}"`);

    // Back to the sample mark.
    const reset = await callRoute(brandRoute, "guarded", post("/admin/brand", { csrf, intent: "reset", kind: "logo" }, cookie), services);
    expect(await reset.json()).toEqual({ ok: "saved" });
    expect((await businessBrand(handle.db)).logo).toBe("");
  });
});
