/**
 * Reading request bodies with limits. Nothing here trusts the client: a body
 * is read up to `limit` bytes and refused beyond; a declared Content-Length
 * over the limit is refused before reading. Every failure is a BadRequest
 * (400), never an unhandled exception (500).
 */
export type BadRequestCode = "too_large" | "content_type" | "malformed" | "invalid";

export class BadRequest extends Error {
  readonly code: BadRequestCode;
  readonly errors: Record<string, string>;
  constructor(code: BadRequestCode, errors: Record<string, string> = {}) {
    super(code);
    this.code = code;
    this.errors = errors;
  }
}

export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BadRequest("too_large");
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BadRequest("too_large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJsonRequest(request: Request): boolean {
  return mediaType(request) === "application/json";
}

const decoder = new TextDecoder("utf-8", { fatal: true });

function decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new BadRequest("malformed");
  }
}

/** A JSON body of at most `limit` bytes; anything else is a BadRequest. */
export async function readJson(request: Request, limit = 16 * 1024): Promise<unknown> {
  if (!isJsonRequest(request)) throw new BadRequest("content_type");
  const text = decode(await readBody(request, limit));
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("malformed");
  }
}

/** An `application/x-www-form-urlencoded` body (plain HTML form posts). */
export async function readUrlEncoded(request: Request, limit = 16 * 1024): Promise<URLSearchParams> {
  if (mediaType(request) !== "application/x-www-form-urlencoded") throw new BadRequest("content_type");
  const text = decode(await readBody(request, limit));
  if (!wellEncoded(text)) throw new BadRequest("malformed");
  return new URLSearchParams(text);
}

/**
 * Every `%` escape of a form body is two hex digits and they spell UTF-8: a
 * browser never sends anything else. URLSearchParams would quietly turn a
 * broken one into U+FFFD and store that; it is refused instead.
 */
function wellEncoded(text: string): boolean {
  if (!text.includes("%")) return true;
  try {
    for (const part of text.split(/[&=]/)) decodeURIComponent(part.replaceAll("+", " "));
    return true;
  } catch {
    return false;
  }
}

/** Form fields as a plain object of strings (repeated names: the last wins). */
export function formObject(form: URLSearchParams): Record<string, string> {
  return Object.fromEntries(form.entries());
}

/**
 * A file kept in the database under a name made of its content (an uploaded
 * image or document): browsers keep it for a year, and its type is never
 * sniffed. `headers` adds to them (a download's name).
 */
export function immutableFile(contentType: string, data: Uint8Array, headers: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
