import { data } from "react-router";
import type { Route } from "./+types/admin.destruction";
import { services } from "#app/lib/services.server.ts";
import { consoleForm, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireOfficer } from "#app/features/console/guards.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { confirmDestruction, listLedger } from "#app/features/retention/ledger.server.ts";
import { DestructionPage } from "#app/features/retention/DestructionPage.tsx";

/** The destruction ledger (issue 52 item 6): the privacy officer reads and confirms it. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOfficer(context);
  return { title: consoleTitle(context, "destruction.title"), ...(await listLedger(services(context).db)) };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireOfficer(context);
  const { form, who } = await consoleForm(request, context);
  const id = positiveId(form.get("id"));
  if (form.get("intent") !== "confirm" || !id) throw data(null, { status: 400 });
  const { db } = services(context);
  if (!(await confirmDestruction(db, id, who.operator.email))) return data({ confirmed: false }, { status: 409 });
  await audit(db, who, "destruction_confirm", { kind: "destruction", id });
  return { confirmed: true };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <DestructionPage data={loaderData} result={actionData} />;
}
