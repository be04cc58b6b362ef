import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { SAMPLE_CONSULTATION_FORM, sampleConsultation } from "#tests/support/consultation-sample.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as formAction, loader as formLoader } from "#app/routes/loan-consultation.tsx";
import { checkSummary } from "#app/requests/check-summary.server.ts";
import { listInbox } from "#app/features/pipeline/inbox.server.ts";
import { exportRequests } from "#app/features/pipeline/export.server.ts";
import { buildAlert } from "#app/features/alerts/message.ts";
import { adminTFor } from "#app/features/console/i18n.server.ts";

/**
 * The eligibility check into the request (issue 27, item 5): sent only when
 * the visitor agrees, recomputed by the server (never the browser's result),
 * "fits N of M" in the inbox (sortable), the alert and the CSV; the API
 * without it works as before; a check the server cannot read is refused.
 */
/** 9 months at work, 30 M a year, 5 M over 24 months: with E-9 and a visa to 2035, the two loans for workers fit (2 of 3). */
const CHECK = { employed_months: "9", employment: "standard", income: "30000000", amount: "5000000", months: "24" };
const api = (submissionId: string, extra: Record<string, unknown> = {}) => ({
  ...sampleConsultation({ submissionId }),
  answer_list: sampleConsultation({ submissionId }).answer_list.map((a) =>
    a.question_seq === 3 ? { ...a, answer_content: "20350101" } : a,
  ),
  ...extra,
});

describe.each(DIALECTS)("eligibility check with a consultation on %s", (dialect) => {
  let handle: TestDatabase;
  let app: TestServices;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    app = testServices(handle.db);
  }, 30_000);
  afterAll(async () => handle.cleanup());
  beforeEach(async () => {
    await handle.db.deleteFrom("consultation_checks").execute();
    await handle.db.deleteFrom("consent_records").execute();
    await handle.db.deleteFrom("consultation_answer_items").execute();
    await handle.db.deleteFrom("consultation_answers").execute();
  });

  const send = (body: unknown) => callAction(answerCreate, jsonRequest("/svc/answer/create", body), testContext(app));
  const lastId = async () =>
    (await handle.db.selectFrom("consultation_answers").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;

  it("the API stores the check with the server's own result, whatever else the client says", async () => {
    const response = await send(api("check-api-0001", { eligibility_check: { ...CHECK, income: 30_000_000, fits: 3, total: 3 } }));
    expect(response.status).toBe(200);
    expect(await checkSummary(handle.db, await lastId())).toEqual({ fits: 2, total: 3 });
    const row = await handle.db.selectFrom("consultation_checks").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ employed_months: 9, employment: "standard", income: 30_000_000, amount: 5_000_000, months: 24 });
    expect(JSON.parse(row.result)).toContainEqual({ key: "regional-bank-student", fits: false, failures: ["visa"] });
  });

  it("the API without a check answers as before, and stores none", async () => {
    expect((await send(api("check-api-0002"))).status).toBe(200);
    expect(await checkSummary(handle.db, await lastId())).toBeNull();
  });

  it("refuses a check it cannot read with 400, storing nothing", async () => {
    const response = await send(api("check-api-0003", { eligibility_check: { ...CHECK, months: "forever" } }));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ res_status: 400, errors: { eligibility_check: expect.any(String) } });
    expect(await handle.db.selectFrom("consultation_answers").selectAll().execute()).toEqual([]);
  });

  it("the form sends the check only when the box is ticked; the visa and expiry are the form's own", async () => {
    const post = (extra: Record<string, string>) =>
      (formAction as unknown as (a: unknown) => Promise<Response>)({
        request: new Request("http://localhost/loan-consultation", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...SAMPLE_CONSULTATION_FORM, website: "", ...extra }).toString(),
        }),
        context: testContext(app),
        params: {},
      });
    const query = new URLSearchParams({ visa: "E-9", expiry: "20350101", ...CHECK }).toString();
    await post({ submissionId: "form-check-0001", check: query });
    expect(await checkSummary(handle.db, await lastId())).toBeNull();
    // Ticked: recomputed with the form's F-6 and "unknown" expiry, not the check's E-9.
    await post({ submissionId: "form-check-0002", check: query, shareCheck: "Y" });
    expect(await checkSummary(handle.db, await lastId())).toEqual({ fits: 2, total: 3 });
  });

  it("the form opened from the check has its visa type and expiry filled in and its fits count", async () => {
    const page = (await (formLoader as unknown as (a: unknown) => Promise<{ data: { fromCheck: unknown } }>)({
      request: new Request(`http://localhost/loan-consultation?visa=D-10&expiry=unknown&${new URLSearchParams(CHECK)}`),
      context: testContext(app),
      params: {},
    })) as { data: { fromCheck: unknown } };
    expect(page.data.fromCheck).toMatchObject({ visaType: "Others", expiryDate: null, fits: 0, total: 3 });
  });

  it("the inbox shows fits N of M and can put the ones that fit first; the alert and the CSV say it too", async () => {
    await send(api("check-api-0010", { eligibility_check: CHECK }));
    const fitting = await lastId();
    await send(api("check-api-0011"));
    const newest = await listInbox(handle.db, { page: 1 });
    expect(newest.rows[0]!.check).toBeNull();
    const sorted = await listInbox(handle.db, { page: 1, sort: "fits" });
    expect(sorted.rows[0]).toMatchObject({ id: fitting, check: { fits: 2, total: 3 } });

    const alert = buildAlert(
      { kind: "consultation", id: fitting, lang: "en", createdAt: new Date().toISOString(), check: await checkSummary(handle.db, fitting) },
      { origin: "https://site.example", lang: "en" },
    );
    expect(alert.body).toContain("eligibility check: fits 2 of 3");
    expect(alert.text).not.toContain("NGUYEN");

    const csv = (await exportRequests(handle.db, "consultation", {}, adminTFor("en"))).csv;
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toContain("Check: loans that fit");
    expect(lines.find((l) => l.startsWith(String(fitting)))).toContain("savings-bank: fits");
  });
});
