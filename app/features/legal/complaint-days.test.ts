import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEADLINE_DAYS } from "#app/features/privacy-rights/deadlines.ts";
import { POLICY_LANGS } from "#app/features/legal/links.ts";

/**
 * The days a simple complaint waits for its answer (issue 50; review C9): the
 * complaint policy (§7 item 1) and the terms of service (the complaints
 * article, item 2) say the same number, the one the rights and status pages
 * promise, in the Korean original and the five translations alike. These
 * files seed a fresh install's legal versions (migration 0140).
 */
const root = new URL("../../../", import.meta.url);
const text = (kind: string, lang: string) => readFileSync(new URL(`content/legal/${kind}/${lang}.md`, root), "utf8");

/** The number written before the language's word for days. */
const DAYS: Record<(typeof POLICY_LANGS)[number], RegExp> = {
  ko: /(\d+)일/,
  en: /(\d+) days/,
  vi: /(\d+) ngày/,
  id: /(\d+) hari/,
  my: /(\d+) ရက်/,
  mn: /(\d+) хоног/,
};

/** The first item of the article whose heading matches `heading`, and its item `n`. */
function item(markdown: string, heading: RegExp, n: number): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith("## ") && heading.test(line));
  expect(start, `${heading}`).toBeGreaterThan(-1);
  const found = lines.slice(start + 1).find((line) => line.startsWith(`${n}. `));
  if (!found) throw new Error(`no item ${n} after ${heading}`);
  return found;
}

describe("the complaint deadline", () => {
  it.each(POLICY_LANGS)("is the same in the complaint policy and the terms of service in %s", (lang) => {
    // The complaint policy's deadlines are its 7th article; the terms' complaint item is the one that also names 30 days.
    const policy = item(text("complaint", lang), /(제7조|Article 7|Điều 7|Pasal 7|အပိုဒ် 7|7 дугаар зүйл)/u, 1);
    const terms = text("service", lang)
      .split("\n")
      .find((line) => /^2\. /.test(line) && DAYS[lang].test(line) && line.includes("30"));
    expect(terms, "the terms' complaint item").toBeDefined();
    expect(Number(DAYS[lang].exec(policy)?.[1]), policy).toBe(DEADLINE_DAYS.complaint);
    expect(Number(DAYS[lang].exec(terms ?? "")?.[1]), terms).toBe(DEADLINE_DAYS.complaint);
  });
});
