import { data } from "react-router";
import type { Route } from "./+types/admin.privacy";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { closeRightsRequest, listRightsRequests, rightsRequest } from "#app/features/privacy-rights/console-list.server.ts";
import { eraseByPhone, withdrawMarketing } from "#app/features/privacy-rights/erase.server.ts";
import { PrivacyPage, type PrivacyResult } from "#app/features/privacy-rights/PrivacyPage.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  return { title: consoleTitle(context, "privacy.title"), rows: await listRightsRequests(services(context).db) };
}

export const meta = adminMeta;

/** Carries out a rights request: the erasure or the withdrawal it asks for, audited by count. */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context, 4 * 1024);
  const { db } = services(context);
  const id = positiveId(form.get("id"));
  const asked = id ? await rightsRequest(db, id) : undefined;
  if (!asked || asked.request_kind !== form.get("intent")) return data<PrivacyResult>({ error: "missing" }, { status: 400 });
  if (asked.request_kind === "erase") {
    const counts = await eraseByPhone(db, asked.phone);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    await audit(
      db,
      who,
      "privacy_erase",
      null,
      Object.entries(counts)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(", "),
    );
    return data<PrivacyResult>({ ok: "erased", count: total });
  }
  const count = await withdrawMarketing(db, asked.phone);
  await closeRightsRequest(db, asked.id);
  await audit(db, who, "privacy_withdraw", { kind: "rights", id: asked.id }, `consents ${count}`);
  return data<PrivacyResult>({ ok: "withdrawn", count });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacyPage rows={loaderData.rows} result={actionData} />;
}
