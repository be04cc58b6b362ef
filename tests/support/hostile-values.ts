import fc from "fast-check";

/**
 * What a careless or hostile client may put in a parameter or a form field
 * (issue 29, point 2), for property-based tests: any Unicode (lone surrogates
 * too), Latin-1, CR/LF and NUL among path characters, paths of the console,
 * values encoded twice, and values longer than any header should carry.
 */
export const LONG_VALUE_LENGTH = 6000;

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.string({
    unit: fc.constantFrom("\r", "\n", "\0", "/", "\\", ".", "%", "a", "é", "ÿ", "한", "\u2028", "?", "#", ":", "@", " "),
    maxLength: 40,
  }),
  fc.string({ unit: fc.constantFrom("\r\n", "é", "中", "\0", "..", "/", "a"), maxLength: 20 }).map((s) => `/admin/${s}`),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => encodeURIComponent(encodeURIComponent(s))),
  fc.constantFrom("é", "ÿ", "中", "/admin?é", "/admin/中", "//evil.example.com", "/\\evil.example.com", "/admin\r\nSet-Cookie: x=1"),
  fc.integer({ min: 1990, max: LONG_VALUE_LENGTH }).map((n) => "/admin/" + "é".repeat(n)),
);

/** How the value travels: percent-encoded (UTF-8), encoded twice, as raw UTF-8 bytes, or as raw Latin-1 bytes. */
export type Transport = "percent" | "double" | "utf8" | "latin1";
export const transport: fc.Arbitrary<Transport> = fc.constantFrom("percent", "double", "utf8", "latin1");

/** The value as it goes into a request line or a form body (a string whose characters are bytes, latin1). */
export function onTheWire(value: string, how: Transport): string {
  const text = value.toWellFormed();
  switch (how) {
    case "percent":
      return encodeURIComponent(text);
    case "double":
      return encodeURIComponent(encodeURIComponent(text));
    case "utf8":
      return Buffer.from(text, "utf8").toString("latin1");
    case "latin1":
      return [...text].map((c) => String.fromCharCode(c.charCodeAt(0) & 0xff)).join("");
  }
}

/** A hostile value, already on the wire. */
export const hostileParam: fc.Arbitrary<string> = fc.tuple(hostileText, transport).map(([value, how]) => onTheWire(value, how));
