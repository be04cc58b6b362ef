import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { flatten, formatMessage, interpolate, isPluralMessage, translate, type Message } from "#app/i18n/format.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import adminEn from "#app/features/console/i18n/en.json";
import adminKo from "#app/features/console/i18n/ko.json";
import { adminTranslate } from "#app/features/console/i18n.ts";
import { buildAlert } from "#app/features/alerts/message.ts";

const catalog = (path: string, prefix: string) => flatten(JSON.parse(readFileSync(path, "utf8")), prefix);

describe("interpolate", () => {
  it("fills known placeholders and leaves unknown ones visible", () => {
    expect(interpolate("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(interpolate("{a}")).toBe("{a}");
  });
});

describe("plural messages", () => {
  const requests = { one: "{count} request", other: "{count} requests" };

  it("choose the form by `count` with the language's plural rules", () => {
    expect(formatMessage("en", requests, { count: 1 })).toBe("1 request");
    expect(formatMessage("en", requests, { count: 0 })).toBe("0 requests");
    expect(formatMessage("en", requests, { count: 2 })).toBe("2 requests");
    expect(formatMessage("mn", { one: "Манай салбар", other: "Манай {count} салбар" }, { count: 1 })).toBe("Манай салбар");
    expect(formatMessage("ko", { other: "{count}건" }, { count: 1 })).toBe("1건");
  });

  it("fall back to `other` without a numeric count", () => {
    expect(formatMessage("en", requests)).toBe("{count} requests");
    expect(formatMessage("en", requests, { count: "1" })).toBe("1 requests");
  });

  it("stay whole when a catalog is flattened; other objects are namespaces", () => {
    expect(flatten({ a: { count: requests, b: { other: "x", title: "y" } } }, "ns")).toEqual({
      "ns.a.count": requests,
      "ns.a.b.other": "x",
      "ns.a.b.title": "y",
    });
    expect(isPluralMessage(requests)).toBe(true);
    expect(isPluralMessage({ one: "x" })).toBe(false);
    expect(isPluralMessage({ other: "x", title: "y" })).toBe(false);
  });

  it("a missing key shows the key", () => {
    expect(translate("en", {}, "ns.missing", { count: 1 })).toBe("ns.missing");
  });
});

/**
 * Every English text rendered with each placeholder set to 1: none may say
 * "1 requests" (the console said "1 requests", "1 links", "1 entries", "1
 * taps in total" and "about 1 minutes" before plural messages).
 */
describe("English never says '1 <plural noun>'", () => {
  const english: [string, Record<string, Message>][] = [
    ["console", adminEn],
    ...readdirSync("locales/en").map((file): [string, Record<string, Message>] => [
      `locales/en/${file}`,
      catalog(`locales/en/${file}`, ""),
    ]),
  ];
  const verbs = new Set(["has", "is", "was", "does"]);
  it.each(english)("%s", (_, messages) => {
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(messages)) {
      const texts = typeof message === "string" ? [message] : Object.values(message);
      const names = new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
      const text = formatMessage("en", message, Object.fromEntries([...names].map((name) => [name, 1])));
      if ([...text.matchAll(/\b1 ([a-z]+s)\b/g)].some((m) => !verbs.has(m[1]!))) wrong.push(`${key}: ${text}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("the console's counts", () => {
  it.each([
    ["inbox.count", 1, "1 request", "1건"],
    ["inbox.count", 2, "2 requests", "2건"],
    ["blog.count", 1, "1 link", "1개"],
    ["audit.count", 1, "1 entry", "1건"],
    ["banners.total", 1, "1 tap in total", "총 1회"],
    ["banners.total", 0, "0 taps in total", "총 0회"],
  ] as const)("%s with %d", (key, count, en, ko) => {
    expect(adminTranslate("en", adminEn, key, { count })).toBe(en);
    expect(adminTranslate("ko", adminKo, key, { count })).toBe(ko);
  });

  it("the sign-in lock says 'about 1 minute'", () => {
    expect(adminTranslate("en", adminEn, "signIn.error.rate_limited", { count: 1 })).toBe(
      "Too many attempts from this network. Please try again in about 1 minute.",
    );
  });

  it("alerts use the same catalogs and format", () => {
    const alert = buildAlert(
      { kind: "as", id: 7, lang: "vi", createdAt: "2026-11-24T00:00:00.000Z" },
      { origin: "https://x.test", lang: "en" },
    );
    expect(alert.title).not.toContain("{");
    expect(alert.body).not.toContain("{");
  });
});

describe("the site's counts in every language", () => {
  it.each([...LOCALES])("%s: info.exchange.branchesTitle for 1 and 3", (locale) => {
    const messages = catalog(`locales/${locale}/info.json`, "info");
    for (const count of [1, 3]) {
      const text = translate(locale, messages, "info.exchange.branchesTitle", { count });
      expect(text).not.toMatch(/[{}]/);
      if (count === 3) expect(text).toContain("3");
    }
    expect(translate("en", catalog("locales/en/info.json", "info"), "info.exchange.branchesTitle", { count: 1 })).toBe("Our branch");
  });
});
