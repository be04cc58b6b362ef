import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "#app/i18n/locales.ts";

/**
 * The withdrawal right (금융소비자보호법 제46조①3) runs 14 days from the
 * later of receiving the contract documents or the money. Every place that
 * mentions it says so with the same sentence (the calculator's, less its
 * statute reference): the calculator, the eligibility answer, the status
 * page, the glossary and the loan FAQ, in every language.
 */
const root = new URL("../../", import.meta.url);
type Catalog = { [key: string]: Catalog | string };
const json = (path: string) => JSON.parse(readFileSync(new URL(path, root), "utf8")) as Catalog;
/** The string at `a.b` of a catalog. */
const at = (catalog: Catalog, path: string): string => {
  const value = path
    .split(".")
    .reduce<Catalog | string | undefined>((node, key) => (typeof node === "object" ? node[key] : undefined), catalog);
  if (typeof value !== "string") throw new Error(`no string at ${path}`);
  return value;
};
const LAW = " (금융소비자보호법 제46조)";

/** The sentence, taken from the calculator's line without the statute and with a register-neutral end. */
function sentence(lang: string): string {
  const line = at(json(`locales/${lang}/calculator.json`), "terms.withdraw");
  expect(line).toContain(LAW);
  return line.replace(LAW, "").replace(/(ပါသည်|ပါတယ်)?[.။]$/u, "");
}

/**
 * Burmese writes its pages in one style each (docs/language/my.md): the glossary and the FAQ speak, so they
 * carry the same sentence in the spoken style, word for word the written one's (issue 50, MY3).
 */
const SPOKEN: Record<string, [string, string][]> = {
  my: [
    ["စာချုပ်စာရွက်စာတမ်းများ သို့မဟုတ်", "စာချုပ်စာရွက်စာတမ်းတွေ ဒါမှမဟုတ်"],
    ["လက်ခံရရှိသည့်နေ့ (နှစ်ခုအနက် နောက်ကျသည့်နေ့) မှစ၍", "လက်ခံရတဲ့နေ့ (နှစ်ခုထဲက နောက်ကျတဲ့နေ့) ကစပြီး"],
  ],
};
const spoken = (lang: string, written: string) =>
  (SPOKEN[lang] ?? []).reduce((text, [from, to]) => {
    expect(text).toContain(from);
    return text.replace(from, to);
  }, written);

describe("the 14-day withdrawal sentence", () => {
  it.each(LOCALES)("is the same everywhere the right is mentioned in %s", (lang) => {
    const same = sentence(lang);
    expect(same).toMatch(/14/);
    const eligibility = at(json(`locales/${lang}/eligibility.json`), "fineprint.withdraw");
    const status = at(json(`locales/${lang}/status.json`), "trust.withdrawalRight");
    const glossary = JSON.stringify(json(`content/${lang}/glossary.json`));
    const faq = JSON.stringify(json(`content/${lang}/loan-faq.json`));
    for (const [where, text] of Object.entries({ eligibility, status })) expect(text, where).toContain(same);
    for (const [where, text] of Object.entries({ glossary, faq })) expect(text, where).toContain(spoken(lang, same));
  });

  it("counts from the contract documents or the later money in English", () => {
    expect(sentence("en")).toBe(
      "You may withdraw from a loan agreement within 14 days of the day you receive the contract documents or the loan money, whichever is later",
    );
  });
});
