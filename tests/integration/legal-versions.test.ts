import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#db/connect.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { ORIGIN, callRoute, createOperator, csrfOf, get, signInCookie } from "#tests/support/admin.ts";
import { addDays, seoulDayStart, todayInSeoul } from "#app/lib/seoul-time.ts";
import { bumpContentVersion, readContentState, readContentVersion } from "#app/lib/content-version.server.ts";
import { comingLegalChanges, legalViewFor, policyVersionInForce, unfilledPlaceholders } from "#app/features/legal/documents.server.ts";
import { storeConsultation } from "#app/features/consultation/store.server.ts";
import type { Answers } from "#app/features/consultation/schema.ts";
import { liveProductRanges } from "#app/features/products/products.server.ts";
import * as legalList from "#app/routes/admin.legal.tsx";
import * as legalNew from "#app/routes/admin.legal.new.tsx";
import * as legalEdit from "#app/routes/admin.legal.edit.tsx";

/**
 * Legal documents as dated versions (issue 36, item 3). The first versions
 * are the files' texts with their historic dates; an administrator schedules
 * a new version through one instance, audited; another instance (its own
 * connection) announces it and serves it from its date by itself — with a
 * fixed clock — while the old one stays readable; a consent names the version
 * in force when it was given; a notice period shorter than 7 days (30 for a
 * significant change) is refused and saves nothing, except today for a
 * document's first own version (tests/integration/legal-facts.test.ts).
 */
const TEXTS = { body_ko: "## 제1조\n\n새 방침 {businessName}", body_en: "## Article 1\n\nNew policy of {businessName}, {phone}" };
const OTHERS = { body_vi: "## Điều 1\n\nMới", body_id: "## Pasal 1\n\nBaru", body_my: "## အပိုဒ် ၁\n\nအသစ်", body_mn: "## 1-р зүйл\n\nШинэ" };

function postForm(path: string, fields: Record<string, string>, cookie: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The live products' span as the site reads it (the products feature's). */
const facts = (db: DatabaseHandle["db"]) => async (now: Date) => ({ ranges: await liveProductRanges(db, now) });
const view = (db: DatabaseHandle["db"], search: string, now: Date) =>
  legalViewFor(db, new URL(`http://localhost/${search}`), "en", facts(db), now);

describe.each(DIALECTS)("legal versions on %s", (dialect) => {
  let handle: TestDatabase;
  /** A second instance: its own connection to the same database. */
  let other: DatabaseHandle;
  let cookie: string;
  let csrf: string;
  const services = () => testServices(handle.db);
  const today = todayInSeoul();
  const audits = async () =>
    (await handle.db.selectFrom("admin_audit_log").select(["action", "detail"]).orderBy("id").execute()).map(
      (r) => `${r.action} ${r.detail}`,
    );
  const rows = () => handle.db.selectFrom("legal_versions").select(["id", "kind", "effective_on", "significant"]).orderBy("id").execute();
  const schedule = (fields: Record<string, string>) =>
    callRoute(
      legalNew,
      "guarded",
      postForm(`/admin/legal/new?kind=${fields.kind}`, { csrf, intent: "save", ...TEXTS, ...OTHERS, ...fields }, cookie),
      services(),
    );

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    other = connect(handle.url);
    await createOperator(handle.db, "admin@example.com", "correct horse battery");
    cookie = await signInCookie(services(), "admin@example.com", "correct horse battery");
    csrf = await csrfOf(services(), cookie);
  }, 30_000);
  afterAll(async () => {
    await other.close();
    await handle.cleanup();
  });

  it("seeds the files' texts as the first versions, with their historic dates (the terms: 2022-12-20)", async () => {
    const seeded = await handle.db.selectFrom("legal_versions").selectAll().orderBy("kind").execute();
    expect(seeded.map((r) => [r.kind, r.effective_on, !!r.significant])).toEqual([
      ["complaint", "2023-05-08", false],
      ["notice", "2023-05-08", false],
      ["privacy", "2023-03-06", false],
      ["service", "2022-12-20", false],
    ]);
    for (const row of seeded)
      for (const lang of ["ko", "en", "vi", "id", "my", "mn"] as const)
        expect(row[`body_${lang}`]).toBe(readFileSync(new URL(`../../content/legal/${row.kind}/${lang}.md`, import.meta.url), "utf8"));
  });

  it("refuses a date sooner than 7 days, or 30 for a significant change, beside the field, and saves nothing", async () => {
    const before = { rows: await rows(), audits: await audits(), version: await readContentVersion(handle.db) };
    const soon = await schedule({ kind: "privacy", effective_on: addDays(today, 6) });
    expect(soon.status).toBe(400);
    expect(await soon.json()).toMatchObject({
      errors: { effective_on: "legal.error.noticeFirst" },
      values: { effective_on: addDays(today, 6) },
    });
    const significant = await schedule({ kind: "privacy", effective_on: addDays(today, 29), significant: "on" });
    expect(significant.status).toBe(400);
    expect(await significant.json()).toMatchObject({ errors: { effective_on: "legal.error.noticeFirst" } });
    const missing = await schedule({ kind: "privacy", effective_on: addDays(today, 10), body_mn: "  " });
    expect(await missing.json()).toMatchObject({ errors: { body_mn: "legal.error.required" } });
    expect({ rows: await rows(), audits: await audits(), version: await readContentVersion(handle.db) }).toEqual(before);
  });

  it("names the placeholders nothing fills in the versions in force or coming (the go-live check's)", async () => {
    expect(await unfilledPlaceholders(handle.db, facts(handle.db))).toEqual([]);
    const day = addDays(today, 50);
    expect((await schedule({ kind: "complaint", effective_on: day, body_vi: "## Điều 1\n\n{businessName} {fax}" })).status).toBe(302);
    expect(await unfilledPlaceholders(other.db, facts(other.db))).toEqual([{ kind: "complaint", version: day, lang: "vi", name: "fax" }]);
    await handle.db.deleteFrom("legal_versions").where("effective_on", "=", day).execute();
    await bumpContentVersion(handle.db);
  });

  it("is for administrators only", async () => {
    await createOperator(handle.db, "agent@example.com", "correct horse battery", "agent");
    const agent = await signInCookie(services(), "agent@example.com", "correct horse battery");
    expect((await callRoute(legalList, "guarded", get("/admin/legal", agent), services())).status).toBe(403);
  });

  it("previews a text as the site shows it, placeholders filled, saving nothing", async () => {
    const before = await rows();
    const response = await callRoute(
      legalNew,
      "guarded",
      postForm("/admin/legal/new?kind=privacy", { csrf, intent: "preview", preview_lang: "en", kind: "privacy", ...TEXTS }, cookie),
      services(),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      preview: { lang: "en", html: "<h3>Article 1</h3>\n<p>New policy of Sample Brokerage Co., Ltd. (샘플중개 주식회사), 1588-0000</p>" },
    });
    expect(await rows()).toEqual(before);
  });

  it("schedules a version, audited; another instance announces it, and serves it from its date by itself while the old one stays readable", async () => {
    const day = addDays(today, 7);
    const response = await schedule({ kind: "privacy", effective_on: day });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/legal?done=scheduled");
    expect((await audits()).at(-1)).toBe(`legal_version_create privacy ${day}: scheduled`);

    // The other instance, the day before: the old version in force, the new one announced and readable.
    const eve = new Date(seoulDayStart(day).getTime() - 1);
    expect(await comingLegalChanges(other.db, eve)).toEqual([{ kind: "privacy", date: day, significant: false }]);
    expect(await policyVersionInForce(other.db, "privacy", eve)).toBe("2023-03-06");
    expect(await view(other.db, "?policy=privacy", eve)).toMatchObject({
      version: "2023-03-06",
      state: "current",
      coming: { kind: "privacy", date: day },
      versions: [
        { date: "2023-03-06", until: day, state: "current" },
        { date: day, until: null, state: "coming" },
      ],
    });
    expect(await view(other.db, `?policy=privacy&version=${day}`, eve)).toMatchObject({ version: day, state: "coming" });
    // Its watcher drops its cached pages at the start of that Korea day.
    expect((await readContentState(other.db, eve)).nextChange).toBe(seoulDayStart(day).toISOString());

    // On the day (00:00 KST), with no deploy and no further change: the new version is in force.
    const on = seoulDayStart(day);
    expect(await comingLegalChanges(other.db, on)).toEqual([]);
    expect(await policyVersionInForce(other.db, "privacy", on)).toBe(day);
    const current = await view(other.db, "?policy=privacy", on);
    expect(current).toMatchObject({ version: day, state: "current", coming: null });
    expect(current?.found && current.html).toContain("New policy of Sample Brokerage Co., Ltd.");
    // The old one stays readable, with its dates.
    const old = await view(other.db, "?policy=privacy&version=2023-03-06", on);
    expect(old).toMatchObject({ version: "2023-03-06", state: "past", versions: [{ date: "2023-03-06", until: day, state: "past" }, {}] });
    expect(old?.found && old.html).toContain("Purposes of processing");

    // A consent names the version in force when it was given.
    const answers: Answers = {
      type: "yes",
      visaType: "E-9",
      expiryChoice: "date",
      expiryDate: "20270315",
      nationality: "X",
      name: "Y",
      phone: "01012345678",
    };
    const before = await storeConsultation(
      testServices(other.db),
      { answers, marketing: true, submissionId: "legal-eve-0001", lang: "en" },
      {},
      eve,
    );
    const after = await storeConsultation(
      testServices(other.db),
      { answers, marketing: true, submissionId: "legal-day-0001", lang: "en" },
      {},
      on,
    );
    const consents = await handle.db
      .selectFrom("consent_records")
      .select(["answer_id", "policy_kind", "policy_version"])
      .orderBy("id")
      .execute();
    expect(consents).toEqual([
      { answer_id: before.id, policy_kind: "privacy", policy_version: "2023-03-06" },
      { answer_id: before.id, policy_kind: "marketing", policy_version: "2023-03-06" },
      { answer_id: after.id, policy_kind: "privacy", policy_version: day },
      { answer_id: after.id, policy_kind: "marketing", policy_version: day },
    ]);
  });

  it("edits and withdraws a version not in force yet, audited; one in force is never changed", async () => {
    const day = addDays(today, 40);
    expect((await schedule({ kind: "notice", effective_on: day, significant: "on" })).status).toBe(302);
    const id = (await rows()).find((r) => r.kind === "notice" && r.effective_on === day)!.id;
    const later = addDays(day, 1);
    const edited = await callRoute(
      legalEdit,
      "guarded",
      postForm(
        `/admin/legal/${id}`,
        { csrf, intent: "save", kind: "notice", effective_on: later, significant: "on", ...TEXTS, ...OTHERS },
        cookie,
      ),
      services(),
      { id: String(id) },
    );
    expect(edited.status).toBe(302);
    expect((await audits()).at(-1)).toBe(`legal_version_update notice ${day}; effective_on: ${day} → ${later}`);
    expect(await view(other.db, "?policy=notice", new Date())).toMatchObject({ coming: { date: later, significant: true } });

    const seeded = (await rows()).find((r) => r.kind === "notice" && r.effective_on === "2023-05-08")!.id;
    const shown = await callRoute(legalEdit, "guarded", get(`/admin/legal/${seeded}`, cookie), services(), { id: String(seeded) });
    expect(await shown.json()).toMatchObject({ form: { id: seeded, editable: false, values: { effective_on: "2023-05-08" } } });
    const edit = await callRoute(
      legalEdit,
      "guarded",
      postForm(`/admin/legal/${seeded}`, { csrf, intent: "save", kind: "notice", effective_on: day, ...TEXTS, ...OTHERS }, cookie),
      services(),
      { id: String(seeded) },
    );
    expect(edit.status).toBe(409);
    const refused = await callRoute(
      legalList,
      "guarded",
      postForm("/admin/legal", { csrf, intent: "withdraw", id: String(seeded) }, cookie),
      services(),
    );
    expect(refused.status).toBe(409);

    const withdrawn = await callRoute(
      legalList,
      "guarded",
      postForm("/admin/legal", { csrf, intent: "withdraw", id: String(id) }, cookie),
      services(),
    );
    expect(withdrawn.status).toBe(302);
    expect((await rows()).some((r) => r.id === id)).toBe(false);
    expect((await audits()).at(-1)).toBe(`legal_version_withdraw notice ${later} (significant): withdrawn`);
    expect(await view(other.db, "?policy=notice", new Date())).toMatchObject({ version: "2023-05-08", coming: null });
  });
});
