import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { BadRequest, type BadRequestCode } from "#app/lib/http.server.ts";

/**
 * Reads a `multipart/form-data` request as it streams (busboy), with every
 * limit enforced on the way: the number of files, the bytes of each file,
 * the number and size of text fields. A request over a limit is refused at
 * the moment it crosses it: the file that is too big is never read to its
 * end, the file one too many is never read at all. Files are kept in memory
 * only up to their limit (20 MB), for the image check that follows.
 */
interface MultipartLimits {
  /** Name of the repeated file field (`file_param`, or `photos` in the page form). */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Text fields that a client may also send as a file part (a JSON Blob). */
  textAsFile?: readonly string[];
  maxFieldBytes?: number;
  maxFields?: number;
}

interface UploadedFile {
  filename: string;
  /** As declared by the client: informative only, never trusted. */
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** A refused upload, with the text fields read before it (to show them again). */
export class UploadRejected extends BadRequest {
  readonly fields: Record<string, string>;
  constructor(code: BadRequestCode, errors: Record<string, string>, fields: Record<string, string>) {
    super(code, errors);
    this.fields = fields;
  }
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
}

export function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const maxFieldBytes = limits.maxFieldBytes ?? 16 * 1024;
  const maxFields = limits.maxFields ?? 20;
  const textAsFile = limits.textAsFile ?? [];
  const contentType = request.headers.get("content-type") ?? "";
  if (!isMultipart(request)) return Promise.reject(new BadRequest("malformed"));
  // A declared length beyond everything allowed is refused before reading.
  const ceiling = limits.maxFiles * limits.maxFileBytes + (maxFields + textAsFile.length) * maxFieldBytes + 64 * 1024;
  if (Number(request.headers.get("content-length") ?? "0") > ceiling) return Promise.reject(new BadRequest("too_large"));
  if (!request.body) return Promise.reject(new BadRequest("malformed"));

  return new Promise<MultipartBody>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    // Counted when a file part starts (its "end" comes later, asynchronously).
    let started = 0;
    let settled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: {
          files: limits.maxFiles + textAsFile.length,
          // busboy signals "limit" on reaching its size; one byte more means "over".
          fileSize: Math.max(limits.maxFileBytes, maxFieldBytes) + 1,
          fields: maxFields,
          fieldSize: maxFieldBytes,
          fieldNameSize: 100,
          parts: maxFields + limits.maxFiles + textAsFile.length,
        },
      });
    } catch {
      reject(new BadRequest("malformed"));
      return;
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);

    /**
     * Stops reading. The source is unpiped, not destroyed: destroying it would
     * reset the connection before the 400 reaches the client; the HTTP server
     * discards what is still on its way without keeping it.
     */
    const fail = (code: BadRequestCode, errors: Record<string, string> = {}) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners();
      parser.on("error", () => {});
      reject(new UploadRejected(code, errors, fields));
    };
    const tooMany = () => fail("invalid", { [limits.fileField]: "counter.errors.photoMax" });
    const tooBig = () => fail("too_large", { [limits.fileField]: "counter.errors.photoSize" });

    parser.on("field", (name, value, info) => {
      if (settled) return;
      if (info.nameTruncated || info.valueTruncated) return fail("too_large");
      fields[name] = value;
    });

    parser.on("file", (name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      const isText = textAsFile.includes(name);
      if (!isText && name !== limits.fileField) {
        // Unknown file fields are not kept (and not read into memory).
        stream.resume();
        return;
      }
      // A photo counts from its start (named part) or its first byte (a nameless one);
      // the one past the limit is refused before any of it is kept.
      let counted = isText;
      const count = (): boolean => {
        if (counted) return true;
        if (started >= limits.maxFiles) {
          stream.resume();
          tooMany();
          return false;
        }
        started += 1;
        counted = true;
        return true;
      };
      if (info.filename && !count()) return;
      const max = isText ? maxFieldBytes : limits.maxFileBytes;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        if (settled || !count()) return;
        size += chunk.byteLength;
        if (size > max) {
          stream.resume();
          return isText ? fail("too_large") : tooBig();
        }
        chunks.push(chunk);
      });
      stream.on("limit", () => (isText ? fail("too_large") : tooBig()));
      stream.on("end", () => {
        if (settled) return;
        const bytes = Buffer.concat(chunks, size);
        if (isText) {
          fields[name] = bytes.toString("utf8");
          return;
        }
        // An empty file input (no file chosen) sends a nameless empty part: not a photo.
        if (size === 0 && !info.filename) return;
        files.push({ filename: info.filename ?? "", declaredType: info.mimeType ?? "", bytes });
      });
    });

    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", () => fail("too_large"));
    parser.on("partsLimit", () => fail("too_large"));
    parser.on("error", () => fail("malformed"));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    source.on("error", () => fail("malformed"));
    source.pipe(parser);
  });
}
