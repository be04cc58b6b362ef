import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadRequest } from "#app/lib/http.server.ts";
import { MB, multipartRequest } from "#tests/support/multipart.ts";
import { readMultipart, UPLOAD_TMP_PREFIX, UploadRejected } from "#app/lib/multipart.server.ts";

const limits = { fileField: "file_param", maxFiles: 3, maxFileBytes: 20 * MB, textAsFile: ["json_param"] };
const file = (size: number, name = "a.jpg") => ({
  name: "file_param",
  filename: name,
  type: "image/jpeg",
  data: new Uint8Array(size).fill(7),
});

describe("readMultipart", () => {
  it("reads text fields and up to three files", async () => {
    const { request } = await multipartRequest("/x", [
      { name: "json_param", value: '{"a":"홍길동"}' },
      file(10),
      file(20, "b.jpg"),
      file(30, "c.png"),
    ]);
    const body = await readMultipart(request, limits);
    expect(body.fields.json_param).toBe('{"a":"홍길동"}');
    expect(body.files.map((f) => [f.filename, f.size])).toEqual([
      ["a.jpg", 10],
      ["b.jpg", 20],
      ["c.png", 30],
    ]);
    await body.discard();
  });

  it("streams each file to a temporary file of its own (the bytes as sent, its first bytes kept), removed by discard()", async () => {
    const data = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251);
    const { request } = await multipartRequest("/x", [{ name: "file_param", filename: "a.jpg", data }, file(5)]);
    const body = await readMultipart(request, limits);
    const [first, second] = body.files;
    expect(first!.path.startsWith(join(tmpdir(), UPLOAD_TMP_PREFIX))).toBe(true);
    expect(new Uint8Array(await readFile(first!.path))).toEqual(data);
    expect(first!.head).toEqual(Buffer.from(data.subarray(0, 64)));
    expect((await stat(first!.path)).mode & 0o777).toBe(0o600);
    expect(new Uint8Array(await readFile(second!.path))).toEqual(new Uint8Array(5).fill(7));
    expect(second!.path).not.toBe(first!.path);
    await body.discard();
    expect(existsSync(first!.path) || existsSync(second!.path)).toBe(false);
    await body.discard();
  });

  it("takes json_param sent as a file part (a JSON Blob) without counting it as a photo", async () => {
    const json = new TextEncoder().encode('{"b":1}');
    const { request } = await multipartRequest("/x", [
      { name: "json_param", filename: "blob", type: "application/json", data: json },
      file(1),
      file(1),
      file(1),
    ]);
    const body = await readMultipart(request, limits);
    expect(body.fields.json_param).toBe('{"b":1}');
    expect(body.files).toHaveLength(3);
    await body.discard();
  });

  it("refuses a fourth file when it starts, without reading it", async () => {
    const { request, total, pulled } = await multipartRequest("/x", [
      { name: "json_param", value: "{}" },
      file(MB),
      file(MB),
      file(MB),
      file(4 * MB),
    ]);
    const error = await readMultipart(request, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRejected);
    expect((error as UploadRejected).errors).toEqual({ file_param: "counter.errors.photoMax" });
    expect((error as UploadRejected).fields).toEqual({ json_param: "{}" });
    expect(total).toBeGreaterThan(7 * MB);
    expect(pulled()).toBeLessThan(3.5 * MB);
  });

  it("refuses a file over 20 MB as soon as it crosses the limit (never buffered whole)", async () => {
    const { request, total, pulled } = await multipartRequest("/x", [{ name: "json_param", value: "{}" }, file(21 * MB)]);
    const error = await readMultipart(request, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequest);
    expect((error as BadRequest).code).toBe("too_large");
    expect((error as BadRequest).errors).toEqual({ file_param: "counter.errors.photoSize" });
    expect(total).toBeGreaterThan(21 * MB);
    expect(pulled()).toBeLessThan(20 * MB + 512 * 1024);
  });

  it("takes a file of exactly 20 MB", async () => {
    const { request } = await multipartRequest("/x", [file(20 * MB)]);
    const body = await readMultipart(request, limits);
    expect(body.files[0]?.size).toBe(20 * MB);
    expect((await stat(body.files[0]!.path)).size).toBe(20 * MB);
    await body.discard();
  });

  it("refuses a declared length over everything allowed before reading anything", async () => {
    const { request, pulled } = await multipartRequest("/x", [file(10)], { "content-length": String(200 * MB) });
    await expect(readMultipart(request, limits)).rejects.toMatchObject({ code: "too_large" });
    expect(pulled()).toBe(0);
  });

  it("skips the empty part of a file input left empty, and ignores unknown file fields", async () => {
    const { request } = await multipartRequest("/x", [
      { name: "file_param", filename: "", data: new Uint8Array(0) },
      { name: "other", filename: "x.bin", data: new Uint8Array(100) },
      { name: "type", value: "as" },
    ]);
    const body = await readMultipart(request, limits);
    expect(body.files).toEqual([]);
    expect(body.fields).toEqual({ type: "as" });
    const withPhotos = await multipartRequest("/x", [
      { name: "file_param", filename: "", data: new Uint8Array(0) },
      file(1),
      file(2),
      file(3),
    ]);
    const three = await readMultipart(withPhotos.request, limits);
    expect(three.files).toHaveLength(3);
    await three.discard();
  });

  it("refuses a text field over its limit, too many fields, and a json_param file over the field limit", async () => {
    const long = await multipartRequest("/x", [{ name: "json_param", value: "x".repeat(17 * 1024) }]);
    await expect(readMultipart(long.request, limits)).rejects.toMatchObject({ code: "too_large" });
    const many = await multipartRequest(
      "/x",
      Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: "1" })),
    );
    await expect(readMultipart(many.request, limits)).rejects.toMatchObject({ code: "too_large" });
    const blob = await multipartRequest("/x", [
      { name: "json_param", filename: "blob", type: "application/json", data: new Uint8Array(17 * 1024) },
    ]);
    await expect(readMultipart(blob.request, limits)).rejects.toMatchObject({ code: "too_large" });
  });

  it("answers malformed for a non-multipart body or a broken one", async () => {
    const json = new Request("http://localhost/x", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await expect(readMultipart(json, limits)).rejects.toMatchObject({ code: "malformed" });
    const broken = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    });
    await expect(readMultipart(broken, limits)).rejects.toMatchObject({ code: "malformed" });
  });
});
