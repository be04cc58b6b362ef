import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connect, migrate, type DatabaseHandle } from "#db/connect.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { createDependencyWatch } from "#app/web/dependency-watch.server.ts";
import { DependencyUnavailable, UNAVAILABLE_RETRY_AFTER_S } from "#app/web/refusals.ts";
import { callAction, jsonRequest, testContext, testServices, type TestServices } from "#tests/support/services.ts";
import { SAMPLE_CONSULTATION_FORM, sampleConsultation } from "#tests/support/consultation-sample.ts";
import { action as answerCreate } from "#app/routes/svc.answer.ts";
import { action as consultationForm } from "#app/routes/loan-consultation.tsx";
import { loader as rootLoader } from "#app/root.tsx";
import type { FormResult } from "#app/lib/form-result.ts";
import en from "../../locales/en/api.json" with { type: "json" };
import vi from "../../locales/vi/api.json" with { type: "json" };

/**
 * The database away (issue 39): whatever needs it answers 503 with
 * Retry-After and a message in the visitor's language, the form comes back
 * with what was typed, and the log says "away" and "back" once each. The
 * outages are real: a PostgreSQL address where nothing listens (connection
 * refused), and a SQLite file whose write lock another connection holds.
 */
function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

type DataResult = { data: FormResult; init: { status?: number; headers?: Record<string, string> } | null };

const formRequest = (lang?: string) =>
  new Request(`http://localhost/loan-consultation${lang ? `?lang=${lang}` : ""}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ submissionId: "", ...SAMPLE_CONSULTATION_FORM, website: "" }).toString(),
  });

describe("PostgreSQL away (connection refused)", () => {
  let handle: DatabaseHandle;
  let app: TestServices;
  const { lines, log } = recordingLog();
  beforeAll(() => {
    handle = connect("postgres://postgres@127.0.0.1:1/postgres", { watch: createDependencyWatch(log) });
    app = testServices(handle.db, { log });
  });
  afterAll(() => handle.close().catch(() => {}));

  it("the API answers 503 with Retry-After in its envelope, in the request's language; nothing logged per request", async () => {
    for (const [locale, catalog] of [
      ["en", en],
      ["vi", vi],
    ] as const) {
      const body = { ...sampleConsultation({ submissionId: randomUUID() }), agree_yn: "Y" };
      const response = await answerCreate({
        request: jsonRequest("/svc/answer/create", body),
        context: testContext(app, locale),
        params: {},
      } as never);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      const message = (catalog.unavailable as Record<string, string>).other!.replace("{count}", String(UNAVAILABLE_RETRY_AFTER_S));
      expect(await response.json()).toEqual({ res_status: 503, message, errors: {} });
    }
    const written = lines.filter((line) => line.event !== "rate_limit.failed_open");
    expect(written).toEqual([
      expect.objectContaining({ level: "warn", event: "dependency.away", dependency: "database", reason: "ECONNREFUSED" }),
    ]);
  });

  it("the root's loader still sends the frame's strings, without a business this process never read: 503 with Retry-After", async () => {
    const result = (await rootLoader({
      request: new Request("http://localhost/company/about?lang=vi"),
      context: testContext(app, "vi"),
      params: {},
    } as never)) as unknown as {
      data: { i18n: { locale: string }; business: unknown; legal: unknown };
      init: { status?: number; headers?: Record<string, string> } | null;
    };
    expect(result.init?.status).toBe(503);
    expect(result.init?.headers).toMatchObject({ "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) });
    expect(result.data.i18n.locale).toBe("vi");
    expect(result.data.business).toBeNull();
    const withPolicy = (await rootLoader({
      request: new Request("http://localhost/company/about?policy=privacy"),
      context: testContext(app, "vi"),
      params: {},
    } as never)) as unknown as { data: { legal: unknown } };
    expect(withPolicy.data.legal).toBeNull();
  });

  it("the form posted without JavaScript comes back 503 with Retry-After and everything typed", async () => {
    const result = (await consultationForm({
      request: formRequest("mn"),
      context: testContext(app, "mn"),
      params: {},
    } as never)) as unknown as DataResult;
    expect(result.init?.status).toBe(503);
    expect(result.init?.headers).toMatchObject({ "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S) });
    expect(result.data).toMatchObject({ status: "failed", reason: "unavailable" });
    const values = result.data.status === "failed" ? result.data.values : undefined;
    expect(values).toMatchObject({ name: SAMPLE_CONSULTATION_FORM.name, phone: SAMPLE_CONSULTATION_FORM.phone });
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
  });
});

describe("what React Router makes of it", () => {
  it("a loader that meets the database away answers 503 with Retry-After, its data the refusal the error page reads", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => {
          throw new DependencyUnavailable(new Error("connect ECONNREFUSED"));
        },
      },
    ]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("expected a context");
    expect(context.statusCode).toBe(503);
    const error = context.errors?.root;
    expect(isRouteErrorResponse(error) && error.status).toBe(503);
    expect(isRouteErrorResponse(error) && error.data).toEqual({ refusal: "unavailable", retryAfter: UNAVAILABLE_RETRY_AFTER_S });
    expect(context.loaderHeaders.root?.get("retry-after")).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
  });
});

describe("SQLite locked by another process", () => {
  const file = join(tmpdir(), `away-${randomBytes(5).toString("hex")}.db`);
  let handle: DatabaseHandle;
  let app: TestServices;
  const { lines, log } = recordingLog();
  beforeAll(async () => {
    handle = connect(`file:${file}`, { watch: createDependencyWatch(log) });
    await migrate(handle.db);
    await sql`pragma busy_timeout = 0`.execute(handle.db);
    app = testServices(handle.db, { log });
  });
  afterEach(() => {
    lines.length = 0;
  });
  afterAll(async () => {
    await handle.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  });

  it("a write meets the lock: 503 with the form again; when the lock is gone the same post is stored, and the log says away and back once", async () => {
    const holder = new DatabaseSync(file);
    holder.exec("begin immediate");
    let result: DataResult;
    try {
      result = (await consultationForm({
        request: formRequest(),
        context: testContext(app, "en"),
        params: {},
      } as never)) as unknown as DataResult;
      // Reads go on under the write lock: they neither fail nor end the outage.
      await handle.db.selectFrom("consultation_answers").select("id").execute();
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    expect(result.init?.status).toBe(503);
    expect(result.data).toMatchObject({ status: "failed", reason: "unavailable" });
    const again = await callAction(
      answerCreate,
      jsonRequest("/svc/answer/create", { ...sampleConsultation({ submissionId: randomUUID() }), agree_yn: "Y" }),
      testContext(app, "en"),
    );
    expect(again.status).toBe(200);
    expect(lines.map((line) => [line.event, line.reason ?? line.failures])).toEqual([
      ["dependency.away", "sqlite_busy"],
      ["dependency.back", 1],
      ["consultation.accepted", undefined],
    ]);
    expect(lines[1]).toMatchObject({ outageMs: expect.any(Number) });
  });
});
