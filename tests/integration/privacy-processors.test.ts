import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { testServices } from "#tests/support/services.ts";
import { callRoute, get, post, signedInAdmin } from "#tests/support/admin.ts";
import * as business from "#app/routes/admin.business.tsx";
import { renderLegalDocument } from "#app/features/legal/documents.server.ts";
import { businessProcessors } from "#app/business/processors.server.ts";
import { goLiveFindings } from "#app/features/go-live/checks.server.ts";
import type { LegalLang } from "#app/features/legal/links.ts";

/**
 * The privacy policy says what happens (issue 52, item 7): administrators
 * list the processors on the Business page; the policy's §6 names them with
 * their country, a section on transfer abroad (법 제28조의8) appears exactly
 * when one is outside Korea, the visit records the site never kept are not
 * declared, and the go-live check asks for processors while none is listed.
 */
describe.each(DIALECTS)("processors and the privacy policy on %s", (dialect) => {
  let handle: TestDatabase;
  let admin: { cookie: string; csrf: string };
  const app = () => testServices(handle.db);
  const noFacts = async () => ({ ranges: null });
  let clock = Date.parse("2026-12-01T03:00:00.000Z");
  // Each render a minute later: the saved list shows at once (the content version moves with each save).
  const policy = async (lang: LegalLang) =>
    (await renderLegalDocument(handle.db, "privacy", lang, noFacts, { now: new Date((clock += 60_000)) }))!.html;

  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    admin = await signedInAdmin(app());
  }, 30_000);
  afterAll(async () => handle.cleanup());

  const save = (rows: Record<string, string>[]) => {
    const fields: Record<string, string> = { intent: "processors", csrf: admin.csrf };
    rows.forEach((row, i) => {
      for (const [k, v] of Object.entries(row)) fields[`${k}.${i}`] = v;
    });
    return callRoute(business, "guarded", post("/admin/business", fields, admin.cookie), app());
  };
  const HOSTING = {
    name: "Example Cloud Korea",
    taskKo: "서버 호스팅과 데이터 보관",
    taskEn: "Server hosting and data storage",
    country: "kr",
    transferKo: "서버에 저장",
    transferEn: "Stored on its servers",
  };
  const PUSH = {
    name: "Google LLC (Firebase Cloud Messaging)",
    taskKo: "웹 푸시 알림 전달",
    taskEn: "Delivering Web Push notifications",
    country: "US",
    transferKo: "알림을 켠 경우 알림마다 인터넷으로 전송",
    transferEn: "Over the internet with each notification, once notifications are on",
  };

  it("with none listed: the policy says nothing is entrusted, nothing goes abroad, and the go-live check asks for them", async () => {
    expect(await businessProcessors(handle.db)).toEqual([]);
    const ko = await policy("ko");
    expect(ko).toContain("현재 위탁하는 업무가 없습니다.");
    expect(ko).not.toContain("국외 이전");
    expect(ko).not.toContain("방문 기록**");
    expect(ko).not.toContain("6개월");
    expect(ko).not.toMatch(/\{\w+\}/);
    const findings = await goLiveFindings(handle.db, undefined, new Date(clock));
    expect(findings.filter((f) => f.what === "golive.processors")).toEqual([
      { area: "legal", what: "golive.processors", fix: "/admin/business" },
    ]);
    // The console offers the Web Push services, unsaved, to check.
    const page = (await (await callRoute(business, "guarded", get("/admin/business", admin.cookie), app())).json()) as {
      processors: unknown[];
    };
    expect(page.processors).toEqual([]);
  });

  it("refuses a row with a field missing or a country that is none, saving nothing", async () => {
    const bad = await save([
      { ...HOSTING, country: "XX" },
      { ...PUSH, taskEn: "" },
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      processorsErrors: { "country.0": "business.processors.error.country", "taskEn.1": "business.processors.error.task" },
    });
    expect(await businessProcessors(handle.db)).toEqual([]);
  });

  it("names the processors in §6, in every language, and adds the transfer abroad only while one is outside Korea", async () => {
    expect((await save([HOSTING, { name: "", taskKo: "", taskEn: "", country: "", transferKo: "", transferEn: "" }])).status).toBe(200);
    expect(await businessProcessors(handle.db)).toEqual([{ ...HOSTING, country: "KR" }]);
    const onlyKorea = await policy("ko");
    expect(onlyKorea).toContain("Example Cloud Korea (대한민국): 서버 호스팅과 데이터 보관");
    expect(onlyKorea).not.toContain("국외 이전");
    expect((await goLiveFindings(handle.db, undefined, new Date(clock))).some((f) => f.what === "golive.processors")).toBe(false);

    expect((await save([HOSTING, PUSH])).status).toBe(200);
    const ko = await policy("ko");
    expect(ko).toContain("개인정보의 국외 이전");
    expect(ko).toContain("Google LLC (Firebase Cloud Messaging) (미국): 웹 푸시 알림 전달. 알림을 켠 경우 알림마다 인터넷으로 전송");
    expect(ko).not.toMatch(/\{\w+\}|\{[?!/]\w+\}/);
    const vi = await policy("vi");
    expect(vi).toContain("Chuyển thông tin cá nhân ra nước ngoài");
    expect(vi).toContain("Google LLC (Firebase Cloud Messaging) (Hoa Kỳ): Delivering Web Push notifications.");
    for (const lang of ["en", "id", "my", "mn"] as const) {
      const html = await policy(lang);
      expect(html, lang).toContain("Google LLC (Firebase Cloud Messaging)");
      expect(html, lang).not.toMatch(/\{\w+\}|\{[?!/]\w+\}/);
    }
    // Removed (its fields emptied): the abroad section goes with it.
    expect((await save([HOSTING, { ...PUSH, name: "", taskKo: "", taskEn: "", country: "", transferKo: "", transferEn: "" }])).status).toBe(
      200,
    );
    expect(await policy("ko")).not.toContain("국외 이전");
    const audit = await handle.db.selectFrom("admin_audit_log").select("detail").where("action", "=", "business_update").execute();
    expect(audit.map((a) => a.detail).join("\n")).toContain("processor + Google LLC (Firebase Cloud Messaging) (US)");
  });
});
