import { describe, expect, it, vi } from "vitest";
import { postSvc, rejectedErrors } from "#app/lib/svc-fetch.ts";

const ANSWER = "/svc/answer/create";

const body = { submission_id: "abcdefgh-1", marketing_yn: "N" as const, agree_yn: "Y" as const, answer_list: [] };
const reply = (status: number, json: unknown) =>
  vi.fn(async () => new Response(typeof json === "string" ? json : JSON.stringify(json), { status }));

describe("postSvc (the browser's one client of /svc)", () => {
  it("posts JSON with the page language and succeeds on res_status 200", async () => {
    const fetchImpl = reply(200, { res_status: 200, data: {} });
    expect(await postSvc(ANSWER, body, { lang: "my", fetchImpl })).toMatchObject({ kind: "ok" });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/svc/answer/create?lang=my");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it("reports no answer (offline) as a network failure", async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await postSvc(ANSWER, body, { lang: "en", fetchImpl })).toEqual({ kind: "network" });
  });

  it("gives up after the timeout and says so", async () => {
    const fetchImpl = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    expect(await postSvc(ANSWER, body, { lang: "en", fetchImpl: fetchImpl as unknown as typeof fetch, timeoutMs: 20 })).toEqual({
      kind: "network",
    });
  });

  it("treats a 200 whose body was cut off as unknown, not as success", async () => {
    expect(await postSvc(ANSWER, body, { lang: "en", fetchImpl: reply(200, '{"res_st') })).toEqual({ kind: "network" });
  });

  it("passes on the server's message and field errors", async () => {
    const fetchImpl = reply(400, { res_status: 400, message: "Vui lòng kiểm tra", errors: { "answer_list.6": "Sai số", bogus: 3 } });
    expect(await postSvc(ANSWER, body, { lang: "vi", fetchImpl })).toEqual({
      kind: "rejected",
      status: 400,
      message: "Vui lòng kiểm tra",
      errors: { "answer_list.6": "Sai số" },
    });
  });

  it("has no message for a proxy's HTML error page (the form then says 'Submit failed')", async () => {
    expect(await postSvc(ANSWER, body, { lang: "en", fetchImpl: reply(502, "<html>Bad gateway</html>") })).toEqual({
      kind: "rejected",
      status: 502,
      message: undefined,
      errors: {},
    });
  });

  it("a 200 without res_status 200 is not a success", async () => {
    expect((await postSvc(ANSWER, body, { lang: "en", fetchImpl: reply(200, { res_status: 500, message: "x" }) })).kind).toBe("rejected");
  });

  it("sends multipart as it is (the browser sets its boundary) and says nothing of the content type", async () => {
    const fetchImpl = reply(200, { res_status: 200, data: {} });
    const form = new FormData();
    form.append("json_param", "{}");
    expect(await postSvc("/svc/as/create", form, { fetchImpl })).toMatchObject({ kind: "ok" });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/svc/as/create");
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has("content-type")).toBe(false);
  });

  it("gives the envelope's data with a success (a read such as /svc/og/list)", async () => {
    const fetchImpl = reply(200, { res_status: 200, data: { list: [1, 2], hasNext: true } });
    expect(await postSvc("/svc/og/list", { page_num: 1 }, { fetchImpl })).toEqual({ kind: "ok", data: { list: [1, 2], hasNext: true } });
  });

  it("gives a refusal's field errors, and none for no answer", async () => {
    expect(rejectedErrors({ kind: "rejected", status: 400, errors: { name: "x" } })).toEqual({ name: "x" });
    expect(rejectedErrors({ kind: "network" })).toEqual({});
  });
});
