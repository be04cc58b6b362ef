import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, createOperator, csrfOf, get, post, signInCookie } from "#tests/support/admin.ts";
import { addDays, todayInSeoul } from "#app/lib/seoul-time.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { writeModules } from "#app/business/modules.server.ts";
import { identityFields } from "#app/features/business-settings/schema.ts";
import { comingLegalChanges, legalViewFor } from "#app/features/legal/documents.server.ts";
import { liveProductRanges } from "#app/features/products/products.server.ts";
import { up as rewriteSeededTexts } from "#db/migrations/0180_legal_texts_from_facts.ts";
import * as business from "#app/routes/admin.business.tsx";
import * as legalList from "#app/routes/admin.legal.tsx";
import * as legalNew from "#app/routes/admin.legal.new.tsx";

/**
 * The legal texts from the business's facts (issue 47, item 5): the facts are
 * the Business page's (a registration date changed there is the date the
 * texts show, in Korean and in English); the privacy policy's cash-counter
 * section follows the counter module; the business's first own version of a
 * document may take effect today, with nothing announced, while every later
 * change keeps the 7-day notice; existing installs get the new texts for the
 * seeded versions only.
 */
const TEXTS = {
  body_ko: "시행일: {effectiveDate}\n\n## 제1조\n\n{businessName}의 첫 방침",
  body_en: "Effective date: {effectiveDate}\n\n## Article 1\n\nFirst own policy of {businessName}",
  body_vi: "## Điều 1\n\nMới",
  body_id: "## Pasal 1\n\nBaru",
  body_my: "## အပိုဒ် ၁\n\nအသစ်",
  body_mn: "## 1-р зүйл\n\nШинэ",
};

describe.each(DIALECTS)("legal texts from the business's facts on %s", (dialect) => {
  let handle: TestDatabase;
  let cookie: string;
  let csrf: string;
  const services = () => testServices(handle.db);
  const today = todayInSeoul();
  const facts = async (now: Date) => ({ ranges: await liveProductRanges(handle.db, now) });
  const view = async (search: string, locale: "en" | "vi" = "en") =>
    legalViewFor(handle.db, new URL(`http://localhost/${search}`), locale, facts);
  const html = async (search: string) => {
    const v = await view(search);
    return v?.found ? v.html : "";
  };
  const schedule = (fields: Record<string, string>) =>
    callRoute(
      legalNew,
      "guarded",
      post(`/admin/legal/new?kind=${fields.kind}`, { csrf, intent: "save", ...TEXTS, ...fields }, cookie),
      services(),
    );

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services(), "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services(), cookie);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("shows the registration date saved on the Business page, written per language", async () => {
    expect(await html("?policy=complaint&policyLang=ko")).toContain("등록일: 2023년 4월 27일");
    const saved = await callRoute(
      business,
      "guarded",
      post(
        "/admin/business",
        {
          ...identityFields(SAMPLE_IDENTITY),
          broker_date: "2026-03-16",
          broker_body_ko: "금융위원회",
          broker_body_en: "Financial Services Commission",
          csrf,
        },
        cookie,
      ),
      services(),
    );
    expect(await saved.json()).toEqual({ ok: "saved" });
    const ko = await html("?policy=complaint&policyLang=ko");
    expect(ko).toContain("등록기관: 금융위원회, 등록일: 2026년 3월 16일");
    expect(ko).not.toContain("2023년 4월 27일");
    expect(await html("?policy=complaint")).toContain("registered with Financial Services Commission (금융위원회) on March 16, 2026");
    expect(await html("?policy=service")).toContain("on March 16, 2026");
    expect(await html("?policy=notice&policyLang=ko")).toContain("등록일: 2026년 3월 16일");
  });

  it("names the privacy officer from the Business page in the privacy policy", async () => {
    expect(await html("?policy=privacy")).toContain("Kim Sample (김샘플), Privacy Officer (sample)");
    expect(await html("?policy=privacy&policyLang=ko")).toContain("김샘플 (개인정보 보호책임자(샘플))");
  });

  it("keeps the privacy policy's cash-counter section only while the counter business is on", async () => {
    const on = await html("?policy=privacy");
    expect(on).toContain("After-sales service and purchase inquiries for the cash counter");
    expect(on).toContain("cash-counter inquiry");
    await writeModules(handle.db, { counter: false }, new Date(), "admin@example.com");
    await bumpContentVersion(handle.db);
    const off = await html("?policy=privacy");
    expect(off).not.toMatch(/cash.counter/i);
    expect(off).toContain("Privacy rights requests");
    expect(await html("?policy=privacy&policyLang=ko")).not.toContain("현금계수기");
    await writeModules(handle.db, { counter: true }, new Date(), "admin@example.com");
    await bumpContentVersion(handle.db);
    expect(await html("?policy=privacy&policyLang=ko")).toContain("현금계수기 A/S 및 구매 문의");
  });

  it("lets the business's first own version take effect today, announcing nothing; the next change needs 7 days' notice", async () => {
    const list = await callRoute(legalList, "guarded", get("/admin/legal", cookie), services());
    expect(((await list.json()) as { versions: Record<string, { createdBy: string | null }[]> }).versions.privacy).toEqual([
      expect.objectContaining({ createdBy: null }),
    ]);
    const form = await callRoute(legalNew, "guarded", get("/admin/legal/new?kind=privacy", cookie), services());
    expect(await form.json()).toMatchObject({ form: { firstOwn: true, today, values: { effective_on: today } } });

    // Tomorrow is neither today nor 7 days out: refused beside the field, nothing saved.
    const tomorrow = await schedule({ kind: "privacy", effective_on: addDays(today, 1) });
    expect(tomorrow.status).toBe(400);
    expect(await tomorrow.json()).toMatchObject({ errors: { effective_on: "legal.error.noticeFirst" } });

    const first = await schedule({ kind: "privacy", effective_on: today });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/legal?done=published");
    const audit = await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "legal_version_create").execute();
    expect(audit.map((a) => a.detail)).toEqual([`privacy ${today}: first own version, in force at once`]);
    // In force at once, in its own date, and nothing announced.
    const shown = await view("?policy=privacy");
    expect(shown).toMatchObject({ version: today, state: "current", coming: null });
    expect(shown?.found && shown.html).toContain(`First own policy of Sample Brokerage Co., Ltd.`);
    expect(await comingLegalChanges(handle.db)).toEqual([]);

    // The next change to the privacy policy is bound by the notice: today, or in 6 days, is refused.
    const again = await callRoute(legalNew, "guarded", get("/admin/legal/new?kind=privacy", cookie), services());
    expect(await again.json()).toMatchObject({ form: { firstOwn: false, values: { effective_on: "" } } });
    for (const day of [addDays(today, 1), addDays(today, 6)]) {
      const refused = await schedule({ kind: "privacy", effective_on: day });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ errors: { effective_on: "legal.error.notice" } });
    }
    expect(await comingLegalChanges(handle.db)).toEqual([]);
    const later = await schedule({ kind: "privacy", effective_on: addDays(today, 7) });
    expect(later.headers.get("location")).toBe("/admin/legal?done=scheduled");
    expect(await comingLegalChanges(handle.db)).toEqual([{ kind: "privacy", date: addDays(today, 7), significant: false }]);
    // Another document still has only the seed's version: its first own one may still take effect today.
    expect((await schedule({ kind: "service", effective_on: today })).status).toBe(302);
  });

  it("gives existing installs the new texts for the seeded versions only", async () => {
    const seeded = () =>
      handle.db.selectFrom("legal_versions").select(["kind", "body_ko", "created_by"]).where("kind", "=", "notice").execute();
    await handle.db.updateTable("legal_versions").set({ body_ko: "등록일: 2023년 4월 27일" }).where("created_by", "is", null).execute();
    await handle.db.updateTable("legal_versions").set({ body_ko: "operator's own" }).where("created_by", "is not", null).execute();
    await rewriteSeededTexts(handle.db as never);
    const notice = await seeded();
    expect(notice).toHaveLength(1);
    expect(notice[0]!.body_ko).toContain("{brokerRegistrationDate}");
    const own = await handle.db.selectFrom("legal_versions").select("body_ko").where("created_by", "is not", null).execute();
    expect(own.map((r) => r.body_ko)).toEqual(["operator's own", "operator's own", "operator's own"]);
    const version = await sql<{ version: number }>`select version from content_versions where name = 'campaigns'`.execute(handle.db);
    expect(Number(version.rows[0]!.version)).toBeGreaterThan(1);
  });
});
