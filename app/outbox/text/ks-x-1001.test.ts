import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LOCALES } from "#app/i18n/locales.ts";
import { linkToken, statusUrl } from "#app/requests/status-link.server.ts";
import { TEXT_KINDS } from "#app/outbox/text.server.ts";
import {
  LMS_MAX_BYTES,
  SMS_MAX_BYTES,
  mongolianLatin,
  smsBytes,
  smsType,
  unencodable,
  withoutDiacritics,
} from "#app/outbox/text/ks-x-1001.ts";

/**
 * What a Korean phone can show (issue 49 item 3): every language's SMS text,
 * filled with the longest realistic parameters, is KS X 1001 and fits its
 * type — the call notice and the code one SMS (90 bytes), the status link an
 * LMS at most (2,000). The longest link: an origin of 100 characters (longer
 * than any domain the business would register; PUBLIC_ORIGIN is an origin)
 * and the status token as the site makes it.
 */
const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}/texts.json`, import.meta.url), "utf8")) as Record<
    string,
    { alimtalk: string; sms: string }
  >;
const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`);

const ORIGIN = `https://${"a".repeat(80)}.example.co.kr`.slice(0, 100);
const LONGEST = (lang: string): Record<string, string> => ({
  link: statusUrl(ORIGIN, linkToken("x".repeat(64), { request_kind: "consultation", request_id: 2_147_483_647, salt: "s" }), lang),
  phone: "070-1234-5678",
  code: "999999",
});

describe("SMS texts in KS X 1001", () => {
  it("builds the KS X 1001 set from the platform's EUC-KR decoder: the 2,350 Hangul of KS X 1001, Cyrillic and ASCII in; ö, ü, ө, ү, ệ, Burmese and the other Hangul out", () => {
    expect(unencodable("가힝 Таны ABC 1-2")).toEqual([]);
    expect(unencodable("öüөүệမ힣")).toEqual(["ö", "ü", "ө", "ү", "ệ", "မ", "힣"]);
    expect(smsBytes("ab가")).toBe(4);
    expect(smsType("a".repeat(90))).toBe("SMS");
    expect(smsType("가".repeat(46))).toBe("LMS");
    expect(smsType("a".repeat(2001))).toBeNull();
  });

  for (const lang of LOCALES)
    it(`${lang}: every kind's SMS is encodable and fits, with the longest parameters`, () => {
      const texts = catalog(lang);
      expect(ORIGIN).toHaveLength(100);
      for (const kind of TEXT_KINDS) {
        const sms = fill(texts[kind]!.sms, LONGEST(lang));
        expect(unencodable(sms), `${lang} ${kind}`).toEqual([]);
        expect(smsBytes(sms), `${lang} ${kind}`).toBeLessThanOrEqual(kind === "status_link" ? LMS_MAX_BYTES : SMS_MAX_BYTES);
        // 알림톡 carries the native script, up to Kakao's 1,000 characters.
        expect(fill(texts[kind]!.alimtalk, LONGEST(lang)).length).toBeLessThanOrEqual(1000);
      }
    });

  it("writes Vietnamese without diacritics, Mongolian by the Latin rule, Burmese as English", () => {
    for (const kind of TEXT_KINDS) {
      expect(catalog("vi")[kind]!.sms).toBe(withoutDiacritics(catalog("vi")[kind]!.alimtalk));
      expect(catalog("mn")[kind]!.sms).toBe(mongolianLatin(catalog("mn")[kind]!.alimtalk));
      expect(catalog("my")[kind]!.sms).toBe(catalog("en")[kind]!.sms);
    }
  });

  it("makes any Mongolian or Vietnamese text encodable by its rule", () => {
    const mongolian = fc.string({
      unit: fc.constantFrom(..."абвгдеёжзийклмнноөпрстуүфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОӨПРСТУҮФХЦЧШЩЪЫЬЭЮЯ .,:0123456789"),
    });
    fc.assert(fc.property(mongolian, (text) => unencodable(mongolianLatin(text)).length === 0));
    const vietnamese = fc.string({
      unit: fc.constantFrom(..."aăâbcdđeêghiklmnoôơpqrstuưvxyáàảãạắằẳẵặấầẩẫậéèẻẽẹếềểễệíìỉĩịóòỏõọốồổỗộớờởỡợúùủũụứừửữựýỳỷỹỵĐ .,"),
    });
    fc.assert(fc.property(vietnamese, (text) => unencodable(withoutDiacritics(text)).length === 0));
  });
});
