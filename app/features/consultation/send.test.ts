import { describe, expect, it, vi } from "vitest";
import { sendConsultation } from "#app/features/consultation/send.ts";

const body = { submission_id: "abcdefgh-1", marketing_yn: "N" as const, agree_yn: "Y" as const, answer_list: [] };
const reply = (status: number, json: unknown) => vi.fn(async () => new Response(typeof json === "string" ? json : JSON.stringify(json), { status }));

describe("sendConsultation (the browser's POST /svc/answer/create)", () => {
  it("posts JSON with the page language and succeeds on res_status 200", async () => {
    const fetchImpl = reply(200, { res_status: 200, data: {} });
    expect(await sendConsultation(body, { lang: "my", fetchImpl })).toEqual({ kind: "ok" });
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
    expect(await sendConsultation(body, { lang: "en", fetchImpl })).toEqual({ kind: "network" });
  });

  it("gives up after the timeout and says so", async () => {
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
    }));
    expect(await sendConsultation(body, { lang: "en", fetchImpl: fetchImpl as unknown as typeof fetch, timeoutMs: 20 })).toEqual({ kind: "network" });
  });

  it("treats a 200 whose body was cut off as unknown, not as success", async () => {
    expect(await sendConsultation(body, { lang: "en", fetchImpl: reply(200, '{"res_st') })).toEqual({ kind: "network" });
  });

  it("passes on the server's message and field errors", async () => {
    const fetchImpl = reply(400, { res_status: 400, message: "Vui lòng kiểm tra", errors: { "answer_list.6": "Sai số", bogus: 3 } });
    expect(await sendConsultation(body, { lang: "vi", fetchImpl })).toEqual({ kind: "rejected", status: 400, message: "Vui lòng kiểm tra", errors: { "answer_list.6": "Sai số" } });
  });

  it("has no message for a proxy's HTML error page (the form then says 'Submit failed')", async () => {
    expect(await sendConsultation(body, { lang: "en", fetchImpl: reply(502, "<html>Bad gateway</html>") })).toEqual({ kind: "rejected", status: 502, message: undefined, errors: {} });
  });

  it("a 200 without res_status 200 is not a success", async () => {
    expect((await sendConsultation(body, { lang: "en", fetchImpl: reply(200, { res_status: 500, message: "x" }) })).kind).toBe("rejected");
  });
});
