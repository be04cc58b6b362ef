import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { multipartRequest, type Part } from "#tests/support/multipart.ts";
import { phoneJpeg } from "#tests/support/images.ts";
import { ENDPOINTS, openApiDocument, type Example } from "#app/features/openapi/document.server.ts";
import { INTENT_OPTIONS } from "#app/features/consultation/schema.ts";
import { VISA_OPTIONS } from "#app/requests/questions.ts";
import { loader as openApiLoader } from "#app/routes/svc.openapi.ts";
import * as answer from "#app/routes/svc.answer.ts";
import * as proposal from "#app/routes/svc.proposal.ts";
import * as purchase from "#app/routes/svc.purchase.ts";
import * as as from "#app/routes/svc.as.ts";
import * as ogList from "#app/routes/svc.og-list.ts";
import * as bannerLog from "#app/routes/svc.banner-redirect-log.ts";

/**
 * The published `/svc` contract (issue 20): GET /svc/openapi.json is OpenAPI
 * 3.1 generated from the endpoints' schemas, and it is true — every example
 * it gives is answered as it says, on both dialects.
 */
const ROUTES: Record<string, { action: unknown; loader: unknown }> = {
  "/svc/answer/create": answer,
  "/svc/proposal/create": proposal,
  "/svc/purchase/create": purchase,
  "/svc/as/create": as,
  "/svc/og/list": ogList,
  "/svc/banner/redirect/logs/create": bannerLog,
};

describe("GET /svc/openapi.json", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase("sqlite");
  });
  afterAll(async () => handle.cleanup());

  it("is an OpenAPI 3.1 document of every /svc endpoint, with the accepted values of each answer", async () => {
    const response = await (openApiLoader as (args: unknown) => Promise<Response>)({ context: testContext(testServices(handle.db)) });
    expect(response.headers.get("content-type")).toContain("application/json");
    const doc = (await response.json()) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    // A fresh install: the trade name's API (the brand's title when one is set, tests/integration/brand-settings.test.ts).
    expect(doc.info.title).toBe("K-Loan Guide API");
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(ROUTES).sort());
    const answers = JSON.stringify(openApiDocument("API").paths);
    expect(answers).toContain(JSON.stringify([...INTENT_OPTIONS]));
    expect(answers).toContain(JSON.stringify([...VISA_OPTIONS]));
    expect(answers).toContain('"const":"unknown"');
  });
});

describe.each(DIALECTS)("the contract's examples, answered as documented, on %s", (dialect) => {
  let handle: TestDatabase;
  let jpeg: Buffer;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    jpeg = await phoneJpeg(64, 32);
  });
  afterAll(async () => handle.cleanup());

  async function send(path: string, contentType: string, value: unknown) {
    const context = testContext(testServices(handle.db));
    if (contentType === "application/json") return callAction(ROUTES[path]!.action, jsonRequest(path, value), context);
    // multipart: json_param as given, one file_param per listed photo (the photo's bytes).
    const body = value as { json_param: string; file_param: string[] };
    const parts: Part[] = [
      { name: "json_param", value: body.json_param },
      ...body.file_param.map((name) => ({ name: "file_param", filename: name, type: "image/jpeg", data: jpeg })),
    ];
    return callAction(ROUTES[path]!.action, (await multipartRequest(path, parts)).request, context);
  }

  for (const endpoint of ENDPOINTS) {
    for (const [name, example] of Object.entries(endpoint.examples) as [string, Example][]) {
      const expected = example["x-expected-status"] ?? 200;
      it(`${endpoint.path} ${name}: ${expected}`, async () => {
        const res = await send(endpoint.path, endpoint.contentType, example.value);
        expect(res.status).toBe(expected);
        expect(res.json.res_status).toBe(expected);
        if (expected !== 200) {
          expect(typeof res.json.message).toBe("string");
          expect(typeof res.json.errors).toBe("object");
        }
      });
    }
    it(`${endpoint.path}: GET answers 405 in the same envelope`, async () => {
      const response = (ROUTES[endpoint.path]!.loader as (a: unknown) => Response)({
        request: new Request(`http://localhost${endpoint.path}`),
        context: testContext(testServices(handle.db)),
        params: {},
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toMatchObject({ res_status: 405, message: expect.any(String), errors: {} });
    });
  }
});
