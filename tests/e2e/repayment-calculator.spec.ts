import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, hydrated, axeViolations } from "#tests/e2e/fixtures.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { flatten, formatMessage, type Vars } from "#app/i18n/format.ts";
import { formatWon } from "#app/features/repayment/format.ts";
import { earliestExpiryFor } from "#app/features/repayment/term-cap.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";

const PATH = "/our-products/repayment-calculator";
const SHOTS = "/tmp/shots-calculator";

/** The page's strings in a language, from its catalog (the test reads what the visitor reads). */
function strings(lang: Locale) {
  const messages = flatten(JSON.parse(readFileSync(`locales/${lang}/calculator.json`, "utf8")), "calculator");
  return (key: string, vars?: Vars) => {
    const message = messages[`calculator.${key}`];
    if (message === undefined) throw new Error(`no calculator.${key} in ${lang}`);
    return formatMessage(lang, message, vars);
  };
}
const won = (lang: Locale, amount: number) => strings(lang)("won", { amount: formatWon(lang, amount) });

/** 50,000,000 KRW over 60 months at 13.5 %, equal payments: figures of app/features/repayment/fixtures (computed outside the app). */
const FIXTURE = { amount: 50_000_000, rate: "13.5", months: 60, first: 1_150_493, last: 1_150_400, interest: 19_029_487 };

/** The seeded products' span (migration 0090) as each language writes it: what the hints state. */
const SEEDED_SPAN: Record<Locale, { amount: [string, string]; rateMax: string }> = {
  en: { amount: ["1,000,000", "50,000,000"], rateMax: "19.9%" },
  vi: { amount: ["1.000.000", "50.000.000"], rateMax: "19,9%" },
  id: { amount: ["1.000.000", "50.000.000"], rateMax: "19,9%" },
  my: { amount: ["1,000,000", "50,000,000"], rateMax: "19.9%" },
  mn: { amount: ["1,000,000", "50,000,000"], rateMax: "19.9%" },
};

async function fillLoan(page: Page, lang: Locale, rate = FIXTURE.rate) {
  const s = strings(lang);
  await page.getByLabel(s("fields.amount")).fill(String(FIXTURE.amount));
  await page.getByLabel(s("fields.rate")).fill(rate);
  await page.getByLabel(s("fields.months")).fill(String(FIXTURE.months));
}

async function expectFixtureAnswer(page: Page, lang: Locale) {
  const s = strings(lang);
  const answer = page.getByRole("region", { name: s("answer.title") });
  await expect(answer.getByRole("definition")).toHaveText([
    won(lang, FIXTURE.first),
    won(lang, FIXTURE.last),
    won(lang, FIXTURE.interest),
    won(lang, FIXTURE.amount + FIXTURE.interest),
  ]);
  const table = page.getByRole("table", { name: s("table.caption", { count: FIXTURE.months }) });
  await expect(table.getByRole("columnheader")).toHaveText([
    s("table.month"),
    s("table.payment"),
    s("table.principal"),
    s("table.interest"),
    s("table.balance"),
  ]);
  await expect(table.locator("tbody tr")).toHaveCount(FIXTURE.months);
  await expect(table.locator("tbody tr").last().locator("th, td")).toHaveText(["60", formatWon(lang, FIXTURE.last), /./, /./, "0"]);
  for (const key of ["terms.lender", "terms.noFee", "terms.withdraw"]) await expect(page.getByText(s(key))).toBeVisible();
}

test.describe("repayment calculator (issue 27)", () => {
  for (const lang of LOCALES) {
    test(`${lang}, without JavaScript: the GET form puts the loan in the URL and the server renders the answer`, async ({ browser }) => {
      test.slow(); // two page loads with a 60-row table, on a shared machine
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${PATH}?lang=${lang}`);
      const s = strings(lang);
      await fillLoan(page, lang);
      await page.getByRole("button", { name: s("submit") }).click();
      await expect(page).toHaveURL(new RegExp(`\\?amount=${FIXTURE.amount}&rate=13\\.5&months=60&method=annuity&expiry=&income=$`));
      await expectFixtureAnswer(page, lang);
      // The hints state what the live products lend (the seeded ones: 1,000,000–50,000,000 KRW at 13–19.9 %), in the reader's format (issue 47).
      const seeded = SEEDED_SPAN[lang];
      await expect(page.getByLabel(s("fields.amount"))).toHaveAccessibleDescription(
        `${s("hints.amount")} ${s("figures.amount", { amountMin: seeded.amount[0], amountMax: seeded.amount[1] })}`,
      );
      await expect(page.getByLabel(s("fields.rate"))).toHaveAccessibleDescription(
        `${s("hints.rate")} ${s("figures.rate", { rateMin: "13%", rateMax: seeded.rateMax })}`,
      );

      // Bad values: the page (200), each field's message in the language, no figure.
      const response = await page.goto(`${PATH}?amount=lots&rate=25&months=0&method=annuity`);
      expect(response?.status()).toBe(200);
      // The terms are the seeded products' (6 to 60 months, issue 35).
      for (const text of [s("errors.amountFormat"), s("errors.rateRange"), s("errors.monthsRange", { min: 6, max: 60 })])
        await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("region", { name: s("answer.title") })).toHaveCount(0);
      await context.close();
    });

    test(`${lang}, with JavaScript: the answer follows the fields as the visitor types, and the URL follows too; axe clean`, async ({
      page,
    }) => {
      test.slow(); // axe twice, once over a 60-row table
      await page.goto(`${PATH}?lang=${lang}`);
      await hydrated(page);
      const s = strings(lang);
      // Nothing asked yet: no message, no answer.
      await expect(page.getByText(s("errors.amountRequired"))).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      await fillLoan(page, lang);
      await expectFixtureAnswer(page, lang);
      await expect(page).toHaveURL(/[?&]amount=50000000&rate=13\.5&months=60&method=annuity$/);
      await page.getByLabel(s("fields.rate")).fill("25");
      await expect(page.getByText(s("errors.rateRange"))).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await page.getByLabel(s("fields.rate")).fill(FIXTURE.rate);
      await expect(page.getByRole("table")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the methods: equal principal shows first and last payments, interest only its small payments and the principal at the end", async ({
    page,
  }) => {
    await page.goto(`${PATH}?amount=12000000&rate=15&months=12&method=principal`);
    const figures = page.getByRole("region", { name: "Your repayments" }).getByRole("definition");
    // 12,000,000 KRW / 12 months / 15 %: 1,000,000 principal + 150,000 interest first, 1,000,000 + 12,500 last.
    await expect(figures).toHaveText(["1,150,000 KRW", "1,012,500 KRW", "975,000 KRW", "12,975,000 KRW"]);
    await page.goto(`${PATH}?amount=12000000&rate=15&months=12&method=bullet`);
    await expect(figures).toHaveText(["150,000 KRW", "12,150,000 KRW", "1,800,000 KRW", "13,800,000 KRW"]);
    await hydrated(page);
    await page.getByRole("radio", { name: /Equal monthly payments/ }).check();
    await expect(figures.first()).toHaveText("1,083,100 KRW");
    await expect(page).toHaveURL(/method=annuity/);
  });

  test("a visa expiry caps the term at what the stay allows, and the page says why", async ({ page }) => {
    const today = todayInSeoul();
    // Exactly 4 months of loan and 6 of stay after it; 12 months asked for.
    const expiry = earliestExpiryFor(today, 4, 6).replaceAll("-", "");
    await page.goto(`${PATH}?amount=10000000&rate=13&months=12&expiry=${expiry}`);
    await expect(page.getByText(/so the longest term is 4 months, not 12\. The figures below are for 4 months\./)).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(4);

    const tooSoon = earliestExpiryFor(today, 0, 6).replaceAll("-", "");
    await page.goto(`${PATH}?amount=10000000&rate=13&months=12&expiry=${tooSoon}`);
    await expect(page.getByText(/so no term fits now/)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);

    await page.goto(`${PATH}?amount=10000000&rate=13&months=12&expiry=unknown`);
    await expect(page.getByText(/for this term, your visa should be valid until at least/)).toBeVisible();
  });

  test("an income shows the repayments as a share of monthly income and warns above 40 % (DSR)", async ({ page }) => {
    await page.goto(`${PATH}?amount=12000000&rate=0&months=12&income=36000000`);
    await expect(
      page.getByText("Your repayments average 1,000,000 KRW a month: 33.3% of your monthly income of 3,000,000 KRW."),
    ).toBeVisible();
    await expect(page.getByText(/Korea's limit on debt repayments/)).toHaveCount(0);
    await page.goto(`${PATH}?amount=12000000&rate=0&months=12&income=24000000`);
    await expect(
      page.getByText(/50% of your monthly income of 2,000,000 KRW\. That is more than 40%, Korea's limit on debt repayments \(DSR\)/),
    ).toBeVisible();
  });

  test("is in the menu's Our products group and linked from the glossary's interest rate and repayment method answers", async ({
    page,
  }) => {
    await page.goto("/information-service/loan?term=annual-rate&term=equal-principal&term=dsr");
    const links = page.getByRole("log").getByRole("link", { name: "Work out your monthly payments with the repayment calculator" });
    await expect(links).toHaveCount(2); // not under the DSR answer
    await links.first().click();
    await expect(page).toHaveURL(PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Repayment calculator");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Repayment calculator" })).toHaveAttribute(
      "href",
      PATH,
    );
  });

  test("screenshots at 390×844 in every language: empty form, answer, schedule, messages", async ({ page }) => {
    test.slow(); // fifteen page loads
    mkdirSync(SHOTS, { recursive: true });
    for (const lang of LOCALES) {
      await page.goto(`${PATH}?lang=${lang}`);
      await page.screenshot({ path: `${SHOTS}/form-${lang}.png`, fullPage: true });
      const expiry = earliestExpiryFor(todayInSeoul(), 24, 6).replaceAll("-", "");
      await page.goto(`${PATH}?amount=30000000&rate=16.75&months=36&method=principal&expiry=${expiry}&income=32000000`);
      await hydrated(page);
      await page.getByRole("heading", { name: strings(lang)("answer.title") }).evaluate((h) => h.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: `${SHOTS}/answer-${lang}.png` });
      await page.getByRole("table").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/schedule-${lang}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto(`${PATH}?amount=1.5&rate=13.555&months=&method=annuity&expiry=20270230&income=x`);
      await page.getByLabel(strings(lang)("fields.amount")).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/errors-${lang}.png`, fullPage: true });
    }
  });
});

// The longest schedule the calculator shows: the live products' longest term (issue 35; the seeded products go to 60 months).
const LONGEST = 60;

test.describe("answers kept per query (issue 41, ADR 0045)", () => {
  test("the same question is answered from memory, the same bytes, private to the browser; a session is never answered from it", async ({
    request,
  }) => {
    // A query no other test asks, so the first answer is this test's own.
    const amount = 40_000_000 + Math.floor(Math.random() * 1000) * 10_000;
    const asked = `${PATH}?method=annuity&months=24&rate=14&amount=${amount}&lang=vi`;
    const reordered = `${PATH}?lang=vi&amount=${amount}&rate=14&months=24&method=annuity`;
    const first = await request.get(asked);
    const second = await request.get(reordered);
    expect(first.status()).toBe(200);
    expect(first.headers()["x-page-cache"]).toBe("miss");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    for (const response of [first, second]) {
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      expect(response.headers()["x-keep-answer"]).toBeUndefined();
      // Its inline scripts allowed by their hashes, like a cached page's.
      expect(response.headers()["content-security-policy"]).toMatch(/script-src 'sha256-/);
      expect(response.headers()["x-frame-options"]).toBe("DENY");
    }
    expect(await second.text()).toBe(await first.text());
    expect(await first.text()).toContain(`name="amount" value="${amount}"`);
    // An operator's session is never answered from what was kept for visitors.
    const signedIn = await request.get(asked, { headers: { cookie: "admin_session=x" } });
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
    expect(signedIn.headers()["content-security-policy"]).toMatch(/'nonce-/);
  });
});

test.describe("the longest schedule on a mid-range phone (CPU slowed 4×)", () => {
  /**
   * The longest task allowed on the main thread. On a quiet machine the page loads
   * with tasks of 57–97 ms (the same as a 1-month answer) and typing makes none over
   * 50 ms (docs/decisions); other tests and engineers sharing the CPU stretch them, so
   * the guard is a second, the pause no one could miss: 1,800 hydrated React cells
   * measured 100–320 ms on the quiet machine.
   */
  const VISIBLE_PAUSE_MS = 1000;

  test("loads and follows typing without a visible pause", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
        type: "longtask",
        buffered: true,
      });
    });
    await page.goto(`${PATH}?amount=50000000&rate=13.5&months=${LONGEST}&method=annuity`);
    await hydrated(page);
    await expect(page.locator("tbody tr")).toHaveCount(LONGEST);
    const load = await page.evaluate(() => {
      const tasks = (window as unknown as { longTasks: number[] }).longTasks.splice(0);
      return { longestTask: Math.max(0, ...tasks), blockingTime: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) };
    });

    // From 6 to 60 months as typed: the time from the keystroke to the last row, measured in the page.
    const months = page.getByLabel("Loan term (months)");
    await months.fill("6");
    await expect(page.locator("tbody tr")).toHaveCount(6);
    const measured = page.evaluate(
      (rows) =>
        new Promise<number>((resolve) => {
          const input = document.querySelector<HTMLInputElement>('input[name="months"]')!;
          let typedAt = 0;
          input.addEventListener("input", () => (typedAt ||= performance.now()));
          new MutationObserver((_, observer) => {
            if (document.querySelectorAll("tbody tr").length === rows) {
              observer.disconnect();
              resolve(performance.now() - typedAt);
            }
          }).observe(document.querySelector("main")!, { childList: true, subtree: true });
        }),
      LONGEST,
    );
    await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
    await months.press("End");
    await months.press("0");
    const typing = { keystrokeToTable: await measured, longestTask: 0 };
    typing.longestTask = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks.splice(0)));
    test.info().annotations.push({ type: `${LONGEST} months at CPU 4×`, description: JSON.stringify({ load, typing }) });
    console.log(`${LONGEST} months at CPU 4×`, JSON.stringify({ load, typing }));

    expect(load.longestTask).toBeLessThan(VISIBLE_PAUSE_MS);
    expect(typing.longestTask).toBeLessThan(VISIBLE_PAUSE_MS);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });
});
