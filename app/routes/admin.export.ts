import type { Route } from "./+types/admin.export";
import { services } from "#app/lib/services.server.ts";
import { headerValue } from "#app/lib/header-value.server.ts";
import { takeFile } from "#app/features/downloads/downloads.server.ts";
import { adminOnly, requireOperatorData, signedIn } from "#app/features/console/guards.server.ts";

/**
 * GET /admin/export?file=TOKEN → the encrypted ZIP an export, a privacy copy
 * or a breach list made (issue 52 item 3, ADR 0054), once, for the
 * administrator who made it, within 15 minutes. Nothing is downloaded in
 * clear: the file is made by a post that asks a reason (/admin/downloads,
 * /admin/privacy, /admin/breach), and its password was shown on that page.
 */
export const middleware: Route.MiddlewareFunction[] = [requireOperatorData, adminOnly];

export async function loader({ request, context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const token = new URL(request.url).searchParams.get("file") ?? "";
  const { db, log } = services(context);
  const file = token ? await takeFile(db, token, who.operator.email) : null;
  if (!file) {
    return Response.json(
      { res_status: 400, message: "this download is gone: make the file again (it is kept 15 minutes and downloads once)", errors: {} },
      { status: 400 },
    );
  }
  log.info("admin.download", { bytes: file.data.byteLength });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": headerValue("attachment", file.filename, { fallback: "download.zip", log }),
      "Cache-Control": "private, no-store",
    },
  });
}
