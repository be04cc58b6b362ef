import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { BadRequest, type BadRequestCode } from "#app/lib/http.server.ts";

/**
 * Reads a `multipart/form-data` request as it streams (busboy), with every
 * limit enforced on the way: the number of files, the bytes of each file,
 * the number and size of text fields. A request over a limit is refused at
 * the moment it crosses it: the file that is too big is never read to its
 * end, the file one too many is never read at all.
 *
 * Files are not kept in memory: each streams to its own temporary file in
 * os.tmpdir() (readable by the server's user only), with backpressure (the
 * request is read no faster than the disk takes it). Only their first bytes
 * are kept, to recognise the image type. The files are removed on every
 * path: a refused or broken upload (a client gone mid-upload) removes them
 * before readMultipart rejects; after a success, the caller calls
 * `discard()` in a `finally`.
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

export interface UploadedFile {
  filename: string;
  /** As declared by the client: informative only, never trusted. */
  declaredType: string;
  /** The temporary file holding the bytes (removed by `discard()`). */
  path: string;
  size: number;
  /** The first bytes (up to 64), for recognising the type without reading the file. */
  head: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes the temporary files (idempotent; never throws). */
  discard(): Promise<void>;
}

const HEAD_BYTES = 64;
/** Temporary files of uploads in progress are named so: `<tmpdir>/upload-<uuid>`. */
export const UPLOAD_TMP_PREFIX = "upload-";

/** A body without files (a form posted url-encoded). */
export function bodyWithoutFiles(fields: Record<string, string>): MultipartBody {
  return { fields, files: [], discard: async () => {} };
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
    /** The photos in the order they were sent (a slot each, filled at its end: a paused part may end after the next). */
    const files: (UploadedFile | undefined)[] = [];
    /** Every part read (its "end" handled), awaited before the body is handed over. */
    const partsRead: Promise<void>[] = [];
    /** Every temporary file opened, and its stream (to close it before removing it). */
    const temps: { path: string; out: WriteStream; done: Promise<unknown> }[] = [];
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

    let discarding: Promise<void> | undefined;
    /** Closes every temporary file and removes it (once; the files' errors are swallowed). */
    const discard = () =>
      (discarding ??= (async () => {
        for (const temp of temps) temp.out.destroy();
        await Promise.allSettled(temps.map((temp) => temp.done));
        await Promise.all(temps.map((temp) => rm(temp.path, { force: true }).catch(() => {})));
      })());

    /**
     * Stops reading and removes what was written, then rejects. The source is
     * unpiped, not destroyed: destroying it would reset the connection before
     * the 400 reaches the client; the HTTP server discards what is still on
     * its way without keeping it.
     */
    const abandon = (error: Error) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners();
      parser.on("error", () => {});
      request.signal.removeEventListener("abort", aborted);
      void discard().then(() => reject(error));
    };
    const fail = (code: BadRequestCode, errors: Record<string, string> = {}) => abandon(new UploadRejected(code, errors, fields));
    const tooMany = () => fail("invalid", { [limits.fileField]: "counter.errors.photoMax" });
    const tooBig = () => fail("too_large", { [limits.fileField]: "counter.errors.photoSize" });
    // The client went away mid-upload (the response's connection closed).
    const aborted = () => fail("malformed");
    if (request.signal.aborted) return aborted();
    request.signal.addEventListener("abort", aborted, { once: true });

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
      const slot = isText ? -1 : files.push(undefined) - 1;
      let partEnded = () => {};
      partsRead.push(new Promise<void>((resolve) => (partEnded = resolve)));
      const max = isText ? maxFieldBytes : limits.maxFileBytes;
      /** A text part (at most 16 KB) in memory; a photo's first bytes. */
      const chunks: Buffer[] = [];
      let size = 0;
      let head = Buffer.alloc(0);
      let out: WriteStream | undefined;
      /** The photo's temporary file, opened at its first byte. */
      const open = (): WriteStream => {
        if (out) return out;
        const path = join(tmpdir(), `${UPLOAD_TMP_PREFIX}${randomUUID()}`);
        const file = createWriteStream(path, { flags: "wx", mode: 0o600 });
        const done = finished(file);
        // A disk error (full, not writable) is the server's failure, not the client's.
        done.catch((error: unknown) => abandon(error instanceof Error ? error : new Error(String(error))));
        temps.push({ path, out: file, done });
        out = file;
        return file;
      };
      stream.on("data", (chunk: Buffer) => {
        if (settled || !count()) return;
        size += chunk.byteLength;
        if (size > max) {
          stream.resume();
          return isText ? fail("too_large") : tooBig();
        }
        if (isText) {
          chunks.push(chunk);
          return;
        }
        if (head.byteLength < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
        const file = open();
        // Backpressure: the part (and so the request) waits until the disk has taken this chunk.
        if (!file.write(chunk)) {
          stream.pause();
          file.once("drain", () => stream.resume());
        }
      });
      stream.on("limit", () => (isText ? fail("too_large") : tooBig()));
      stream.on("end", () => {
        partEnded();
        if (settled) return;
        if (isText) {
          fields[name] = Buffer.concat(chunks, size).toString("utf8");
          return;
        }
        // An empty file input (no file chosen) sends a nameless empty part: not a photo.
        if (size === 0 && !info.filename) return;
        const file = open();
        file.end();
        files[slot] = { filename: info.filename ?? "", declaredType: info.mimeType ?? "", path: file.path as string, size, head };
      });
    });

    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", () => fail("too_large"));
    parser.on("partsLimit", () => fail("too_large"));
    parser.on("error", () => fail("malformed"));
    parser.on("close", () => {
      if (settled) return;
      // Every part read and every temporary file written to its end before the body is handed over.
      void Promise.all(partsRead)
        .then(() => Promise.all(temps.map((temp) => temp.done)))
        .then(
          () => {
            if (settled) return;
            settled = true;
            request.signal.removeEventListener("abort", aborted);
            resolve({ fields, files: files.filter((file) => file !== undefined), discard });
          },
          () => {}, // abandon() has already been called by the failing file.
        );
    });
    source.on("error", () => fail("malformed"));
    source.pipe(parser);
  });
}
