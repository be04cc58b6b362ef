import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as NAMES from "#app/lib/cookie-names.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import {
  clearCookie,
  COOKIE_KINDS,
  hasCookie,
  langCookie,
  langCookieHeader,
  PAGE_CACHE_BYPASS_COOKIES,
  plainValue,
  setCookie,
} from "#app/lib/cookies.server.ts";
import { adminLangCookie, sessionCookie } from "#app/features/console/cookies.server.ts";
import { cacheKey, keyFieldsOf } from "#server/router-handler.ts";

const attributes = (setCookieHeader: string) => setCookieHeader.split("; ").slice(1).sort();
const TOKEN = "q3N0b2tlbi1vZi10aGlydHktdHdvLWJ5dGVzLi4uLi4"; // 43 characters of base64url, like a session token

describe("the session cookie", () => {
  it("holds the bare token: HttpOnly, SameSite=Lax, Path=/ (for /admin.data), 12 hours, Secure only behind HTTPS", async () => {
    const plain = await setCookie(sessionCookie, TOKEN, false);
    expect(plain.split("; ")[0]).toBe(`admin_session=${TOKEN}`);
    expect(attributes(plain)).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
    expect(attributes(await setCookie(sessionCookie, TOKEN, true))).toContain("Secure");
    const cleared = await clearCookie(sessionCookie, false);
    expect(cleared.split("; ")[0]).toBe("admin_session=");
    expect(attributes(cleared)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax"]);
  });

  it("reads a token written before React Router's cookies (same name, same value)", async () => {
    expect(plainValue(sessionCookie, `a=b; admin_session=${TOKEN}; lang=vi`)).toBe(TOKEN);
    expect(plainValue(sessionCookie, "a=b")).toBeUndefined();
    expect(plainValue(sessionCookie, null)).toBeUndefined();
  });
});

describe("the language cookies", () => {
  it("are written by a page from the cache exactly as by setCookie, each language, Secure behind HTTPS", async () => {
    for (const locale of LOCALES)
      for (const secure of [false, true]) expect(langCookieHeader(locale, secure)).toBe(await setCookie(langCookie, locale, secure));
  });

  it("are plain values the browser can write and read (lang=vi), a year long, not HttpOnly", async () => {
    for (const cookie of [langCookie, adminLangCookie]) {
      const written = await setCookie(cookie, "vi", false);
      expect(written.split("; ")[0]).toBe(`${cookie.name}=vi`);
      expect(attributes(written)).toEqual(["Max-Age=31536000", "Path=/", "SameSite=Lax"]);
      expect(plainValue(cookie, `x=1; ${cookie.name}=vi`)).toBe("vi");
    }
  });
});

describe("the page-cache bypass list", () => {
  it("is exactly the cookies that carry one visitor's state", () => {
    const visitorState = Object.entries(COOKIE_KINDS)
      .filter(([, kind]) => kind === "visitor-state")
      .map(([name]) => name);
    expect([...PAGE_CACHE_BYPASS_COOKIES].sort()).toEqual(visitorState.sort());
    expect([...PAGE_CACHE_BYPASS_COOKIES].sort()).toEqual(["admin_device", "admin_second_step", "admin_session", "consultation_done"]);
  });

  // (The browser's own copy of `lang`, written by root.tsx's mirror script, is the one cookie written elsewhere.)
  it("knows every cookie of the site, each defined in a cookie module only (the site's, the console's)", () => {
    expect(Object.keys(COOKIE_KINDS).sort()).toEqual(Object.values(NAMES).sort());
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sources(path);
        return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const defining = ["app", "server", "scripts"]
      .flatMap(sources)
      .filter((path) => /createCookie\(|; (?:Path|Max-Age|HttpOnly|SameSite)\b/.test(readFileSync(path, "utf8")));
    expect(defining.sort()).toEqual([join("app", "features", "console", "cookies.server.ts"), join("app", "lib", "cookies.server.ts")]);
  });

  it("keeps a page out of the shared cache with any of them, and only with them", async () => {
    const page = (cookie?: string) => new Request("http://site.example/information-service/blogs", { headers: cookie ? { cookie } : {} });
    for (const name of PAGE_CACHE_BYPASS_COOKIES) {
      expect(cacheKey(keyFieldsOf(page(`${name}=x`))), name).toBeNull();
      expect(cacheKey(keyFieldsOf(page(`a=b; ${name}=`))), name).toBeNull();
    }
    expect(cacheKey(keyFieldsOf(page()))?.key).toBe("en http://site.example/information-service/blogs");
    expect(cacheKey(keyFieldsOf(page("lang=vi; admin_lang=en")))?.key).toBe("vi http://site.example/information-service/blogs");
    // Names that no cookie of the site has.
    expect(cacheKey(keyFieldsOf(page("__session=x; flash=y; admin_session_old=z")))?.key).toBe(
      "en http://site.example/information-service/blogs",
    );
  });

  it("tells a present cookie whatever its value", async () => {
    expect(hasCookie("consultation_done=not.signed.at.all", "consultation_done")).toBe(true);
    expect(hasCookie("consultation_done_x=1", "consultation_done")).toBe(false);
  });
});
