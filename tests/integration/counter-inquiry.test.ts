import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failingInserts } from "#tests/support/failing-db.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { callAction, jsonRequest, testContext, testServices } from "#tests/support/services.ts";
import { MB, multipartRequest, type Part } from "#tests/support/multipart.ts";
import { hasGpsPointer, phoneJpeg, png } from "#tests/support/images.ts";
import { action as asCreate } from "#app/routes/svc.as.ts";
import { action as purchaseCreate } from "#app/routes/svc.purchase.ts";
import { action as hitachiAction } from "#app/routes/company.hitachi.tsx";
import { formOutcome } from "#tests/support/form-result.ts";
import { createAsRequest } from "#app/features/counter-inquiry/requests.server.ts";
import { createRateLimiter } from "#app/lib/rate-limit.server.ts";

const fields = {
  applicant_name: "홍길동",
  contact_phone: "010-1234-5678",
  applicant_addr: "서울특별시 중구 샘플로 12",
  inquiry_content: "지폐가 자주 걸립니다.",
};
const json = (value: unknown): Part => ({ name: "json_param", value: typeof value === "string" ? value : JSON.stringify(value) });
const photo = (data: Uint8Array, filename = "photo.jpg", type = "image/jpeg"): Part => ({ name: "file_param", filename, type, data });

/** Turns what a page action returns (data() or a Response) into status and body. */
const actionResult = async (result: unknown) => formOutcome(result);

describe.each(DIALECTS)("cash-counter inquiries on %s", (dialect) => {
  let handle: TestDatabase;
  let jpeg: Buffer;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
    jpeg = await phoneJpeg(64, 32);
  });
  afterAll(async () => handle.cleanup());
  const ctx = () => testContext(testServices(handle.db), "en");
  const counts = async () => ({
    as: (await handle.db.selectFrom("as_requests").select("id").execute()).length,
    photos: (await handle.db.selectFrom("as_request_photos").select("id").execute()).length,
    purchase: (await handle.db.selectFrom("purchase_requests").select("id").execute()).length,
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("as_request_photos").execute();
    await handle.db.deleteFrom("as_requests").execute();
    await handle.db.deleteFrom("purchase_requests").execute();
  });

  describe("POST /svc/as/create", () => {
    it("stores one request and its photos, re-encoded without EXIF, in the request's language", async () => {
      const { request } = await multipartRequest("/svc/as/create", [
        json(fields),
        photo(jpeg),
        photo(await png(), "screen.png", "image/png"),
      ]);
      const res = await callAction(asCreate, request, testContext(testServices(handle.db), "vi"));
      expect(res.status).toBe(200);
      expect(res.json.res_status).toBe(200);

      const rows = await handle.db.selectFrom("as_requests").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...fields, contact_phone: "01012345678", lang: "vi", status: "new" });
      const photos = await handle.db.selectFrom("as_request_photos").selectAll().orderBy("id").execute();
      expect(photos).toHaveLength(2);
      for (const stored of photos) {
        expect(stored.as_request_id).toBe(rows[0]!.id);
        expect(stored.content_type).toBe("image/jpeg");
        const meta = await sharp(Buffer.from(stored.data)).metadata();
        expect(meta.format).toBe("jpeg");
        expect(meta.exif).toBeUndefined();
        expect(hasGpsPointer(meta.exif)).toBe(false);
        expect(stored.byte_size).toBe(stored.data.byteLength);
        expect([meta.width, meta.height]).toEqual([stored.width, stored.height]);
      }
      // The phone photo (EXIF orientation 6) is stored upright.
      expect([photos[0]!.width, photos[0]!.height]).toEqual([32, 64]);
      expect(Buffer.from(photos[0]!.data).includes(Buffer.from("TestCam"))).toBe(false);
    });

    it("accepts json_param sent as a JSON Blob", async () => {
      const blob: Part = {
        name: "json_param",
        filename: "blob",
        type: "application/json",
        data: new TextEncoder().encode(JSON.stringify(fields)),
      };
      const { request } = await multipartRequest("/x", [blob, photo(jpeg)]);
      expect((await callAction(asCreate, request, ctx())).status).toBe(200);
      expect(await counts()).toMatchObject({ as: 1, photos: 1 });
    });

    it("stores a retried submission once", async () => {
      const body = () => multipartRequest("/x", [json({ ...fields, submission_id: "retry-0001-abcd" }), photo(jpeg)]);
      expect((await callAction(asCreate, (await body()).request, ctx())).status).toBe(200);
      expect((await callAction(asCreate, (await body()).request, ctx())).status).toBe(200);
      expect(await counts()).toMatchObject({ as: 1, photos: 1 });
    });

    const text = new TextEncoder().encode("I am a text file, not a photo.");
    const cases: [string, () => Promise<Part[]>, string][] = [
      ["a text file named .jpg", async () => [json(fields), photo(text, "photo.jpg")], "file_param"],
      [
        "an SVG named .png",
        async () => [json(fields), photo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "x.png", "image/png")],
        "file_param",
      ],
      ["a fourth file", async () => [json(fields), photo(jpeg), photo(jpeg), photo(jpeg), photo(jpeg)], "file_param"],
      ["a 21 MB file", async () => [json(fields), photo(new Uint8Array(21 * MB))], "file_param"],
      ["no photo", async () => [json(fields)], "file_param"],
      ["a missing json_param", async () => [photo(jpeg)], "json_param"],
      ["a malformed json_param", async () => [json("{applicant_name: 홍"), photo(jpeg)], "json_param"],
      ["a missing required field", async () => [json({ ...fields, applicant_addr: undefined }), photo(jpeg)], "applicant_addr"],
      ["a field of the wrong type", async () => [json({ ...fields, applicant_name: 42 }), photo(jpeg)], "applicant_name"],
    ];
    it.each(cases)("answers 400 and stores nothing for %s", async (_name, parts, field) => {
      const { request } = await multipartRequest("/svc/as/create", await parts());
      const res = await callAction(asCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(res.json.res_status).toBe(400);
      expect(res.json.message.length).toBeGreaterThan(0);
      expect(Object.keys(res.json.errors)).toContain(field);
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });

    it("names the missing field with the spec's Korean message", async () => {
      const { request } = await multipartRequest("/x", [json({ ...fields, applicant_addr: "" }), photo(jpeg)]);
      const res = await callAction(asCreate, request, ctx());
      expect(res.json.errors.applicant_addr).toBe("주소를 입력해 주세요.");
    });

    it("closes the connection after refusing an upload mid-stream", async () => {
      const { request } = await multipartRequest("/x", [json(fields), photo(new Uint8Array(21 * MB))]);
      const res = await callAction(asCreate, request, ctx());
      expect(res.headers.get("connection")).toBe("close");
      expect(res.json.errors.file_param).toBe("사진은 한 장당 20MB 이하만 첨부할 수 있습니다.");
    });

    it("answers 400 to a JSON body", async () => {
      const res = await callAction(asCreate, jsonRequest("/x", fields), ctx());
      expect(res.status).toBe(400);
      expect(await counts()).toMatchObject({ as: 0 });
    });

    it("commits a request and its photos together or not at all", async () => {
      // A database that fails while the photos are inserted, after the request row.
      const failing = handle.db.withPlugin({
        transformQuery(args) {
          const node = args.node as { kind: string; into?: { table?: { identifier?: { name?: string } } } };
          if (node.kind === "InsertQueryNode" && node.into?.table?.identifier?.name === "as_request_photos") throw new Error("disk full");
          return args.node;
        },
        transformResult: async (args) => args.result,
      }) as Kysely<Database>;
      const photoRow = { content_type: "image/jpeg" as const, byte_size: 3, width: 1, height: 1, data: Buffer.from([1, 2, 3]) };
      await expect(createAsRequest(testServices(failing), { ...fields }, [photoRow], "en")).rejects.toThrow("disk full");
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });
  });

  describe("the photos' temporary files", () => {
    /** Uploads stream to os.tmpdir(); here a folder of this test's own, to see exactly what is left. */
    let dir: string;
    let previous: string | undefined;
    beforeAll(async () => {
      previous = process.env.TMPDIR;
      dir = await mkdtemp(join(tmpdir(), "as-upload-test-"));
      process.env.TMPDIR = dir;
    });
    afterAll(async () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(dir, { recursive: true, force: true });
    });

    /**
     * A multipart request that looks into the temporary folder at each chunk
     * it gives (so a test knows files were there), and can break off: the
     * client gone (its stream errors) or the connection closed (its signal).
     */
    const watched = async (path: string, parts: Part[], stop?: { afterBytes: number; how: "error" | "abort" }) => {
      const { request: encoded } = await multipartRequest(path, parts);
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const controller = new AbortController();
      let offset = 0;
      let mostFiles = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(stream) {
            mostFiles = Math.max(mostFiles, readdirSync(dir).length);
            if (stop && offset >= stop.afterBytes) {
              if (stop.how === "error") return stream.error(new Error("client gone"));
              controller.abort();
              return;
            }
            if (offset >= bytes.length) return stream.close();
            stream.enqueue(bytes.slice(offset, offset + 64 * 1024));
            offset += 64 * 1024;
          },
        },
        { highWaterMark: 0 },
      );
      const request = new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "content-type": encoded.headers.get("content-type")! },
        body,
        duplex: "half",
        signal: controller.signal,
      } as RequestInit);
      return { request, mostFiles: () => mostFiles };
    };
    /** A JPEG of about 1 MB (noise compresses badly), so its file is written in many chunks. */
    let bigJpeg: Buffer;
    beforeAll(async () => {
      bigJpeg = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(bigJpeg.byteLength).toBeGreaterThan(512 * 1024);
    });
    const left = () => readdirSync(dir);

    it("are removed after a success", async () => {
      const { request, mostFiles } = await watched("/svc/as/create", [json(fields), photo(bigJpeg), photo(jpeg)]);
      expect((await callAction(asCreate, request, ctx())).status).toBe(200);
      expect(mostFiles()).toBeGreaterThanOrEqual(1);
      expect(left()).toEqual([]);
      expect(await counts()).toMatchObject({ as: 1, photos: 2 });
    });

    it("are removed when a fourth photo is refused", async () => {
      const { request, mostFiles } = await watched("/svc/as/create", [
        json(fields),
        photo(bigJpeg),
        photo(bigJpeg),
        photo(bigJpeg),
        photo(jpeg),
      ]);
      const res = await callAction(asCreate, request, ctx());
      expect(res.json.errors.file_param).toBe("사진은 최대 3장까지 첨부할 수 있습니다.");
      expect(mostFiles()).toBeGreaterThanOrEqual(2);
      expect(left()).toEqual([]);
    });

    it("are removed when a file is not an image", async () => {
      const { request, mostFiles } = await watched("/svc/as/create", [
        json(fields),
        photo(bigJpeg),
        photo(new TextEncoder().encode("plain text")),
      ]);
      const res = await callAction(asCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.errors)).toEqual(["file_param"]);
      expect(mostFiles()).toBeGreaterThanOrEqual(1);
      expect(left()).toEqual([]);
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });

    it.each(["error", "abort"] as const)("are removed when the client goes away mid-upload (body %s)", async (how) => {
      const parts = [json(fields), photo(bigJpeg), photo(bigJpeg)];
      const { request, mostFiles } = await watched("/svc/as/create", parts, { afterBytes: bigJpeg.byteLength * 1.5, how });
      const res = await callAction(asCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(mostFiles()).toBeGreaterThanOrEqual(1);
      expect(left()).toEqual([]);
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });

    it("are removed when storing fails (a server error)", async () => {
      const { request, mostFiles } = await watched("/svc/as/create", [json(fields), photo(bigJpeg)]);
      expect((await callAction(asCreate, request, testContext(testServices(failingInserts(handle.db)), "en"))).status).toBe(500);
      expect(mostFiles()).toBeGreaterThanOrEqual(1);
      expect(left()).toEqual([]);
    });

    it("are removed after the page's form post, stored or refused", async () => {
      const form = Object.entries({ type: "as", ...fields, agree: "on" }).map(([name, value]) => ({ name, value }) as Part);
      const asPhoto = (data: Uint8Array): Part => ({ name: "photos", filename: "p.jpg", type: "image/jpeg", data });
      for (const [parts, expected] of [
        [[...form, asPhoto(bigJpeg)], { status: 303 }],
        [
          [...form, asPhoto(bigJpeg), asPhoto(new TextEncoder().encode("plain text"))],
          { status: 400, body: { errors: { photos: "counter.errors.photoType" } } },
        ],
        [
          [...form, asPhoto(bigJpeg), asPhoto(bigJpeg), asPhoto(bigJpeg), asPhoto(jpeg)],
          { status: 400, body: { errors: { photos: "counter.errors.photoMax" } } },
        ],
      ] as const) {
        const { request, mostFiles } = await watched("/company/hitachi", [...parts]);
        const result = await actionResult(
          await (hitachiAction as (a: unknown) => Promise<unknown>)({ request, context: ctx(), params: {} }),
        );
        expect(result).toMatchObject(expected);
        expect(mostFiles()).toBeGreaterThanOrEqual(1);
        expect(left()).toEqual([]);
      }
      expect(await counts()).toMatchObject({ as: 1, photos: 1 });
    });
  });

  describe("POST /svc/purchase/create", () => {
    it("stores the request", async () => {
      const res = await callAction(
        purchaseCreate,
        jsonRequest("/svc/purchase/create", { ...fields, inquiry_content: "10대 구매 문의" }),
        ctx(),
      );
      expect(res.status).toBe(200);
      expect(res.json.res_status).toBe(200);
      const rows = await handle.db.selectFrom("purchase_requests").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ applicant_name: "홍길동", contact_phone: "01012345678", inquiry_content: "10대 구매 문의" });
    });
    it.each([
      ["a missing field", jsonRequest("/x", { ...fields, inquiry_content: undefined }), "inquiry_content", "문의내용을 입력해 주세요."],
      ["an empty name", jsonRequest("/x", { ...fields, applicant_name: " " }), "applicant_name", "이름을 입력해 주세요."],
    ])("answers 400 with the Korean message for %s", async (_name, request, field, message) => {
      const res = await callAction(purchaseCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(await counts()).toMatchObject({ purchase: 0 });
    });
    it.each([
      ["applicant_name", "\u200b\u200b", "이름을 입력해 주세요."],
      ["applicant_name", "\u202e", "이름을 입력해 주세요."],
      ["applicant_addr", "\u00a0\u3000\u2066", "주소를 입력해 주세요."],
      ["inquiry_content", "\u200d\ufeff", "문의내용을 입력해 주세요."],
    ])("answers 400 with the field's required message to %s of only invisible characters", async (field, value, message) => {
      const res = await callAction(purchaseCreate, jsonRequest("/x", { ...fields, [field]: value }), ctx());
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toBe(message);
      expect(await counts()).toMatchObject({ purchase: 0 });
    });
    it("stores the name, address and message NFC-normalised and trimmed of invisible characters", async () => {
      const body = {
        ...fields,
        applicant_name: "\u200b\u1112\u1169\u11bc\u1100\u1175\u11af\u1103\u1169\u11bc\u00a0",
        applicant_addr: "\u202e서울특별시 중구\u200f",
        inquiry_content: "\u3000지폐가 걸립니다.\u2060",
      };
      expect((await callAction(purchaseCreate, jsonRequest("/x", body), ctx())).status).toBe(200);
      const rows = await handle.db.selectFrom("purchase_requests").selectAll().execute();
      expect(rows[0]).toMatchObject({ applicant_name: "홍길동", applicant_addr: "서울특별시 중구", inquiry_content: "지폐가 걸립니다." });
    });
    it.each([
      ["malformed JSON", jsonRequest("/x", "{nope")],
      ["multipart", new Request("http://localhost/x", { method: "POST", body: new FormData() })],
      ["an array", jsonRequest("/x", [fields])],
    ])("answers 400 to %s", async (_name, request) => {
      const res = await callAction(purchaseCreate, request, ctx());
      expect(res.status).toBe(400);
      expect(await counts()).toMatchObject({ purchase: 0 });
    });
    it("answers a filled honeypot with 200 and stores nothing", async () => {
      const res = await callAction(purchaseCreate, jsonRequest("/x", { ...fields, website: "http://spam.example" }), ctx());
      expect(res.status).toBe(200);
      expect(await counts()).toMatchObject({ purchase: 0 });
    });
  });

  describe("the page's form post without JavaScript", () => {
    const formParts = (extra: Part[] = [], overrides: Record<string, string> = {}): Part[] =>
      Object.entries({ type: "as", ...fields, agree: "on", submission_id: "", website: "", ...overrides })
        .filter(([, value]) => value !== "")
        .map(([name, value]) => ({ name, value }) as Part)
        .concat(extra);
    const asPhoto = (data: Uint8Array): Part => ({ name: "photos", filename: "p.jpg", type: "image/jpeg", data });
    const post = async (parts: Part[]) =>
      actionResult(
        await (hitachiAction as (a: unknown) => Promise<unknown>)({
          request: (await multipartRequest("/company/hitachi", parts)).request,
          context: ctx(),
          params: {},
        }),
      );

    it("stores an A/S request with its photos and redirects to the A/S completion", async () => {
      const result = await post(formParts([asPhoto(jpeg)]));
      expect(result).toMatchObject({ status: 303, location: "/company/hitachi/complete?type=as" });
      expect(await counts()).toMatchObject({ as: 1, photos: 1 });
    });
    it("stores a purchase request (the empty photo input ignored) and redirects with type=purchase", async () => {
      const result = await post(formParts([{ name: "photos", filename: "", data: new Uint8Array(0) }], { type: "purchase" }));
      expect(result).toMatchObject({ status: 303, location: "/company/hitachi/complete?type=purchase" });
      expect(await counts()).toMatchObject({ as: 0, purchase: 1 });
    });
    it("shows the errors, keeps what was typed, and stores nothing", async () => {
      const result = await post(formParts([], { agree: "", applicant_addr: "" }));
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        status: "invalid",
        errors: { agree: "counter.errors.agree", applicant_addr: "counter.errors.address", photos: "counter.errors.photoRequired" },
        values: { type: "as", applicant_name: "홍길동" },
      });
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });
    it("refuses a fourth photo with the photo-limit message", async () => {
      const result = await post(formParts([asPhoto(jpeg), asPhoto(jpeg), asPhoto(jpeg), asPhoto(jpeg)]));
      expect(result.body).toMatchObject({
        status: "invalid",
        errors: { photos: "counter.errors.photoMax" },
        values: { applicant_name: "홍길동" },
      });
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });
    it("over the per-IP limit, answers 429 without reading the upload", async () => {
      const limited = testContext(testServices(handle.db, { limiter: createRateLimiter({ max: 1, windowMs: 60_000 }) }), "en", "10.0.0.7");
      const call = async () => {
        const { request, pulled } = await multipartRequest("/company/hitachi", formParts([asPhoto(jpeg)]));
        const result = await actionResult(
          await (hitachiAction as (a: unknown) => Promise<unknown>)({ request, context: limited, params: {} }),
        );
        return { ...result, pulled: pulled() };
      };
      expect((await call()).status).toBe(303);
      const second = await call();
      expect(second).toMatchObject({ status: 429, body: { status: "failed", reason: "rate_limited" }, pulled: 0 });
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await counts()).toMatchObject({ as: 1 });
    });
    it("a storage failure answers 503 and says the post failed, as every form does", async () => {
      const failing = failingInserts(handle.db);
      const { request } = await multipartRequest("/company/hitachi", formParts([], { type: "purchase" }));
      const result = await actionResult(
        await (hitachiAction as (a: unknown) => Promise<unknown>)({ request, context: testContext(testServices(failing)), params: {} }),
      );
      expect(result).toMatchObject({ status: 503, body: { status: "failed", reason: "server" } });
    });
    it("refuses a file that is not an image", async () => {
      const result = await post(formParts([asPhoto(new TextEncoder().encode("plain text"))]));
      expect(result.body).toMatchObject({ status: "invalid", errors: { photos: "counter.errors.photoType" } });
      expect(await counts()).toEqual({ as: 0, photos: 0, purchase: 0 });
    });
  });
});
