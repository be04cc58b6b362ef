import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { brandFields, checkBrand, isHttpsLink, isOnKnownHost, KNOWN_HOSTS, type HostKind } from "#app/features/brand-settings/schema.ts";

/** The console's Brand form (issue 47, item 3): every link https, on its service's host where it has one. */
const sample = brandFields(SAMPLE_BRAND);
const check = (changes: Record<string, string>) => checkBrand({ ...sample, ...changes }, SAMPLE_BRAND);
const KINDS = Object.keys(KNOWN_HOSTS) as HostKind[];
const FIELD_OF: Record<HostKind, string> = {
  facebook: "facebook_vietnam",
  instagram: "instagram_mongolia",
  tiktok: "tiktok",
  naver: "blog_naver",
  whatsapp: "chat_whatsapp",
  messenger: "chat_messenger",
  kakaotalk: "chat_kakaotalk",
  zalo: "chat_zalo",
};
const pagePath = fc.stringMatching(/^\/[A-Za-z0-9_@][A-Za-z0-9_@.-]{0,39}$/);

describe("the Brand form's links", () => {
  it("takes the fresh install's sample as it is, unchanged", () => {
    expect(check({})).toEqual({ ok: true, brand: SAMPLE_BRAND });
  });

  it("accepts any https page on a service's own host, and keeps it as typed", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), pagePath, (kind, path) => {
        const host = KNOWN_HOSTS[kind][0]!;
        const url = `https://${host}${path}`;
        fc.pre(path.replace(/\/+$/, "") !== "");
        const result = check({ [FIELD_OF[kind]]: url });
        expect(result.ok).toBe(true);
        expect(isOnKnownHost(kind, url)).toBe(true);
      }),
    );
  });

  it("refuses, beside the field, a service link on another host, naming the service", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.domain(), pagePath, (kind, domain, path) => {
        fc.pre(!KNOWN_HOSTS[kind].includes(domain));
        const result = check({ [FIELD_OF[kind]]: `https://${domain}${path}` });
        expect(result).toEqual({ ok: false, errors: { [FIELD_OF[kind]]: `brand.error.host.${kind}` } });
      }),
    );
  });

  it("refuses anything that is not an https address (http, javascript:, data:, credentials, spaces)", () => {
    const notHttps = fc.oneof(
      fc.tuple(fc.constantFrom("http", "ftp", "wss"), fc.domain(), pagePath).map(([scheme, d, path]) => `${scheme}://${d}${path}`),
      fc.string().map((s) => `javascript:${s}`),
      fc.string().map((s) => `data:text/html,${s}`),
      fc.domain().map((d) => `https://user:secret@${d}/`),
      fc.domain().map((d) => `https://${d}/a b`),
      fc.string({ maxLength: 20 }).filter((s) => s.trim() !== "" && !URL.canParse(s.trim())),
    );
    fc.assert(
      fc.property(notHttps, fc.constantFrom("visa_support", "blog_tistory", "chat_kakaotalk", "facebook_english"), (value, field) => {
        fc.pre(value.trim() !== "" && value.trim() !== sample[field]);
        expect(isHttpsLink(value.trim())).toBe(false);
        const result = check({ [field]: value });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
      }),
    );
  });

  it("accepts any https address where no host is known (visa, news, exchange, Tistory, Medium)", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(fc.domain(), pagePath, fc.stringMatching(/^(\?[a-z]{1,8}=[A-Za-z0-9]{0,12})?$/))
          .map(([d, path, query]) => `https://${d}${path}${query}`),
        fc.constantFrom("visa_support", "exchange_reservation", "blog_medium"),
        (url, field) => {
          fc.pre(url.length <= 300 && isHttpsLink(url));
          expect(check({ [field]: url }).ok).toBe(true);
        },
      ),
    );
  });

  it("takes an empty link as hidden, and refuses a link over 300 characters", () => {
    const emptied = check({ chat_whatsapp: "", facebook_english: "", visa_support: "", tiktok: "" });
    expect(
      emptied.ok && [emptied.brand.chat.whatsapp, emptied.brand.facebook.english, emptied.brand.links.visaSupport, emptied.brand.tiktok],
    ).toEqual(["", "", "", ""]);
    expect(check({ visa_support: `https://visa.example.kr/${"a".repeat(300)}` })).toEqual({
      ok: false,
      errors: { visa_support: "brand.error.tooLong" },
    });
  });

  it("needs a channel page, not the service's home page", () => {
    expect(check({ chat_kakaotalk: "https://pf.kakao.com/" })).toEqual({
      ok: false,
      errors: { chat_kakaotalk: "brand.error.host.kakaotalk" },
    });
    expect(check({ chat_kakaotalk: "https://pf.kakao.com/_xlxbXn" }).ok).toBe(true);
    expect(check({ chat_zalo: "https://zalo.me/0912345678" }).ok).toBe(true);
  });

  it("refuses an issuer with a colon or control characters, and trims names", () => {
    expect(check({ issuer: "Hanbit: Loans" })).toEqual({ ok: false, errors: { issuer: "brand.error.issuerColon" } });
    expect(check({ api_title: "Hanbit\u0007API" })).toEqual({ ok: false, errors: { api_title: "brand.error.control" } });
    const ok = check({ issuer: "  Hanbit Loan  ", api_title: "Hanbit Loan API" });
    expect(ok.ok && [ok.brand.issuer, ok.brand.apiTitle]).toEqual(["Hanbit Loan", "Hanbit Loan API"]);
  });
});
