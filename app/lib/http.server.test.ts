import { describe, expect, it } from "vitest";
import { BadRequest, readJson, readUrlEncoded } from "#app/lib/http.server.ts";

const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", headers: { "content-type": type, ...headers }, body });

describe("readJson", () => {
  it("parses JSON with a charset parameter", async () => {
    expect(await readJson(post('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
  });
  it("refuses a declared length over the limit before reading", async () => {
    await expect(readJson(post("{}", "application/json", { "content-length": "999999" }), 10)).rejects.toMatchObject({ code: "too_large" });
  });
  it("refuses a streamed body over the limit", async () => {
    await expect(readJson(post(JSON.stringify({ a: "x".repeat(100) }), "application/json"), 50)).rejects.toBeInstanceOf(BadRequest);
  });
  it("refuses other content types", async () => {
    await expect(readJson(post("{}", "text/plain"))).rejects.toMatchObject({ code: "content_type" });
  });
});

describe("readUrlEncoded", () => {
  it("reads a plain form post", async () => {
    const form = await readUrlEncoded(post("name=%ED%99%8D&x=1", "application/x-www-form-urlencoded"));
    expect(form.get("name")).toBe("홍");
  });
});
