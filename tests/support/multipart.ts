/**
 * Multipart requests for tests, streamed in 64 KB chunks on demand, counting
 * how many bytes the server actually pulled (to prove it stopped early).
 */
export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Uint8Array };

export function formDataOf(parts: Part[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ("value" in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([part.data as Uint8Array<ArrayBuffer>], { type: part.type ?? "application/octet-stream" }),
        part.filename,
      );
  }
  return form;
}

const CHUNK = 64 * 1024;

export async function multipartRequest(path: string, parts: Part[], headers: Record<string, string> = {}) {
  const encoded = new Request("http://localhost/", { method: "POST", body: formDataOf(parts) });
  const contentType = encoded.headers.get("content-type")!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + CHUNK));
        offset += CHUNK;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": contentType, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, total: bytes.length, pulled: () => Math.min(offset, bytes.length) };
}

export const MB = 1024 * 1024;
