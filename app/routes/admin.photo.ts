import type { Route } from "./+types/admin.photo";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { photo } from "#app/features/pipeline/request-detail.server.ts";
import { requireOperatorData, signedIn } from "#app/features/console/guards.server.ts";
import { audit, recentlyViewed } from "#app/features/audit/audit.server.ts";

/**
 * An A/S photo, from the database, to a signed-in operator only (401 otherwise).
 * Seeing it is a view of personal data: audited like a request's page (record
 * "as", the photo's request; detail "photo=<id>"), once per operator and photo
 * within the audit's reload window.
 */
export const middleware: Route.MiddlewareFunction[] = [requireOperatorData];

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const who = signedIn(context);
  const id = positiveId(params.id);
  const found = id ? await photo(db, id) : null;
  if (!found)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });
  const record = { kind: "as", id: found.requestId };
  const detail = `photo=${id}`;
  const now = new Date();
  if (!(await recentlyViewed(db, who, record, now, detail))) await audit(db, who, "view", record, detail, now);
  await recordView(context, { kind: "photo", records: [record], detail }, now);
  const image = IMAGE_TYPES.has(found.contentType);
  return new Response(found.data as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": image ? found.contentType : "application/octet-stream",
      "Content-Length": String(found.data.byteLength),
      "Content-Disposition": image ? "inline" : "attachment",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
