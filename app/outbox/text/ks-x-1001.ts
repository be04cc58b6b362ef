/**
 * What a Korean phone can show in an SMS or LMS (issue 49 item 3): the
 * carriers carry text in KS X 1001, sent as EUC-KR; a character outside it is
 * dropped or turns into "?". This module builds the set of encodable
 * characters by decoding every two-byte EUC-KR code (lead and trail byte
 * 0xA1–0xFE: the KS X 1001 plane) with the platform's own decoder, plus
 * printable ASCII and the line break; and counts bytes as the carriers do
 * (ASCII one byte, every other character two).
 *
 * SMS: up to 90 bytes; LMS: up to 2,000 bytes. Longer is refused.
 *
 * Two scripts need a rule to get there (docs/decisions/0048):
 * - Vietnamese loses its diacritics (`withoutDiacritics`: NFD, marks removed,
 *   đ→d, Đ→D; đ alone is in KS X 1001, but a text half with marks reads worse than one without):
 *   "Mã của bạn" → "Ma cua ban".
 * - Mongolian Cyrillic is written in Latin letters (`mongolianLatin`), after
 *   the Mongolian standard MNS 5217:2012 simplified to plain ASCII: ө→o and
 *   ү→u (ö and ü are not in KS X 1001, and plain Cyrillic is, but a phone
 *   set to Korean shows KS X 1001's Cyrillic in full-width forms that
 *   Mongolian readers find hard), х→kh, ц→ts, ч→ch, ш/щ→sh, ж→j, ы→y, ь→i,
 *   ъ dropped, е→ye, ё→yo, ю→yu, я→ya, й→i.
 * Burmese has no encodable form: its SMS is the English text plus the link.
 */
export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;

let encodable: Set<string> | null = null;

/** Every character KS X 1001 (EUC-KR) can carry, with printable ASCII, tab and line break. */
export function ksX1001(): ReadonlySet<string> {
  if (encodable) return encodable;
  const set = new Set<string>(["\n", "\r", "\t"]);
  for (let c = 0x20; c < 0x7f; c += 1) set.add(String.fromCharCode(c));
  const decoder = new TextDecoder("euc-kr");
  for (let lead = 0xa1; lead <= 0xfe; lead += 1)
    for (let trail = 0xa1; trail <= 0xfe; trail += 1) {
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== "\uFFFD") set.add(ch);
    }
  encodable = set;
  return set;
}

/** The characters of `text` a Korean SMS cannot carry (none: it can be sent as it is). */
export function unencodable(text: string): string[] {
  const set = ksX1001();
  return [...new Set([...text].filter((ch) => !set.has(ch)))];
}

/** Bytes as the carriers count them: ASCII one, anything else two. */
export function smsBytes(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.codePointAt(0)! < 0x80 ? 1 : 2;
  return n;
}

/** SMS when it fits 90 bytes, LMS up to 2,000, else null (too long to send). */
export function smsType(text: string): "SMS" | "LMS" | null {
  const bytes = smsBytes(text);
  return bytes <= SMS_MAX_BYTES ? "SMS" : bytes <= LMS_MAX_BYTES ? "LMS" : null;
}

/** Vietnamese without diacritics: "Mã của bạn" → "Ma cua ban". */
export function withoutDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");
}

const MONGOLIAN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "ye",
  ё: "yo",
  ж: "j",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  ө: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ү: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sh",
  ъ: "",
  ы: "y",
  ь: "i",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Mongolian Cyrillic in plain Latin letters by the rule above; other characters kept. */
export function mongolianLatin(text: string): string {
  return [...text]
    .map((ch) => {
      const lower = ch.toLowerCase();
      const latin = MONGOLIAN[lower];
      if (latin === undefined) return ch;
      return ch === lower || !latin ? latin : latin[0]!.toUpperCase() + latin.slice(1);
    })
    .join("");
}
