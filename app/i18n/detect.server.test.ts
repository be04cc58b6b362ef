import { describe, expect, it } from "vitest";
import { detectLocale, fromAcceptLanguage } from "#app/i18n/detect.server.ts";

const req = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

describe("detectLocale (spec §4 Language)", () => {
  it("takes ?lang= first", async () => {
    expect(detectLocale(req("/?lang=vi", { cookie: "lang=mn", "accept-language": "id" }))).toEqual({ locale: "vi", source: "query" });
  });
  it("then the stored choice (cookie mirror of localStorage)", async () => {
    expect(detectLocale(req("/", { cookie: "a=b; lang=mn", "accept-language": "id" })).locale).toBe("mn");
  });
  it("then the browser language", async () => {
    expect(detectLocale(req("/", { "accept-language": "ko-KR,ko;q=0.9,my;q=0.8,en;q=0.5" })).locale).toBe("my");
  });
  it("falls back to English", async () => {
    expect(detectLocale(req("/?lang=fr", { cookie: "lang=xx", "accept-language": "ko" }))).toEqual({
      locale: "en",
      source: "default",
    });
  });
  it("answers a browser language the same every time, however many different ones came between", () => {
    const browser = { "accept-language": "vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7" };
    expect(detectLocale(req("/", browser))).toEqual({ locale: "vi", source: "header" });
    for (let i = 0; i < 600; i++) {
      const other = detectLocale(req("/", { "accept-language": `x-${i}, ${i % 2 ? "mn" : "ko"}` }));
      expect(other.locale).toBe(i % 2 ? "mn" : "en");
    }
    expect(detectLocale(req("/", browser))).toEqual({ locale: "vi", source: "header" });
    expect(detectLocale(req("/", { "accept-language": "ko" }))).toEqual({ locale: "en", source: "default" });
    expect(detectLocale(req("/", { "accept-language": "ko" }))).toEqual({ locale: "en", source: "default" });
  });
  it("reads legacy and regional codes", () => {
    expect(fromAcceptLanguage("in-ID")).toBe("id");
    expect(fromAcceptLanguage("vi-VN;q=0.2, mn;q=0.9")).toBe("mn");
    expect(fromAcceptLanguage("en;q=0")).toBeUndefined();
  });
});
