import { data } from "react-router";
import type { Route } from "./+types/admin.privacy";
import { services } from "#app/lib/services.server.ts";
import { recordDestruction } from "#app/features/retention/ledger.server.ts";
import { ERASURE_TABLES, reclaim } from "#app/features/retention/retention.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { validate } from "#app/lib/schema.ts";
import { consoleForm, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { closeRightsRequest, listRightsRequests, rightsRequest } from "#app/features/privacy-rights/console-list.server.ts";
import { copyByPhone, eraseByPhone, withdrawMarketing, type ErasureCounts } from "#app/requests/erase.server.ts";
import { identityDetail, identitySchema } from "#app/features/privacy-rights/identity.ts";
import { PrivacyPage, type PrivacyResult } from "#app/features/privacy-rights/PrivacyPage.tsx";
import { COPY_COLUMNS, redactCopy } from "#app/features/privacy-rights/copy-columns.ts";
import { downloadPath, gate, rowCap, seal, storeFile } from "#app/features/downloads/downloads.server.ts";
import { chosenColumns, reasonSchema } from "#app/features/downloads/schema.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const rows = await listRightsRequests(services(context).db);
  await recordView(context, { kind: "privacy_list", records: rows.map((r) => ({ kind: "rights", id: r.id })), detail: "privacy" });
  return { title: consoleTitle(context, "privacy.title"), rows };
}

export const meta = adminMeta;

const countsText = (counts: ErasureCounts) =>
  Object.entries(counts)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");

/**
 * Carries out a rights request: the erasure or the withdrawal it asks for,
 * or a copy of the data (any request). An erasure and a copy need the
 * identity check (issue 31): without it, a 400 that changes nothing; with
 * it, the audit row says how identity was confirmed, with the counts (never
 * the number). A copy is a download like an export (issue 52 item 3): a
 * reason and the chosen columns (name, phone, e-mail and address off by
 * default), the row cap, and an AES-256 ZIP whose password shows once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context, 8 * 1024);
  const { db } = services(context);
  const id = positiveId(form.get("id"));
  const intent = form.get("intent");
  const asked = id ? await rightsRequest(db, id) : undefined;
  if (!asked || (intent !== "copy" && asked.request_kind !== intent)) return data<PrivacyResult>({ error: "missing" }, { status: 400 });
  if (intent === "withdraw_marketing") {
    const count = await withdrawMarketing(db, asked.phone);
    await closeRightsRequest(db, asked.id);
    await audit(db, who, "privacy_withdraw", { kind: "rights", id: asked.id }, `consents ${count}`);
    return data<PrivacyResult>({ ok: "withdrawn", count });
  }
  const fields = { identity: form.get("identity") ?? "", identity_note: form.get("identity_note") ?? "" };
  const check = validate(identitySchema, fields, { crossField: true });
  if (!check.success) return data<PrivacyResult>({ refused: { id: asked.id, errors: check.errors, values: fields } }, { status: 400 });
  const identity = identityDetail(check.output);
  if (intent === "copy") {
    const reason = validate(reasonSchema, form.get("reason") ?? "");
    const columns = chosenColumns(form, COPY_COLUMNS);
    if (!reason.success || "error" in columns) {
      const errors: Record<string, string> = {};
      if (!reason.success) errors.reason = reason.errors._form ?? "download.error.reason";
      if ("error" in columns) errors.columns = columns.error;
      return data<PrivacyResult>(
        {
          refused: {
            id: asked.id,
            errors,
            values: { ...fields, reason: form.get("reason") ?? "", columns: form.getAll("column").join(",") },
          },
        },
        { status: 400 },
      );
    }
    const { copy, counts } = await copyByPhone(db, asked.phone);
    const rows = Object.values(copy).reduce((n, list) => n + list.length, 0);
    const approvalField = form.get("approval");
    const approval = approvalField ? positiveId(approvalField) : null;
    const params = { request: String(asked.id), columns: columns.columns.join(","), ...fields };
    const allowed = await gate(db, { kind: "privacy_copy", params, rows, reason: reason.output, by: who.operator.email, approval });
    if (!allowed.go) {
      if ("refused" in allowed) return data<PrivacyResult>({ error: "missing" }, { status: 400 });
      return data<PrivacyResult>({ pending: { id: allowed.pending, rows, cap: await rowCap(db) } });
    }
    const json = JSON.stringify({ request: { id: asked.id, kind: asked.request_kind }, ...redactCopy(copy, columns.columns) }, null, 2);
    const sealed = seal(`personal-data-${asked.id}`, [{ name: `personal-data-${asked.id}.json`, data: json }], who.operator.email);
    const token = await storeFile(db, sealed, who.operator.email);
    const detail = [identity, countsText(counts), `columns: ${columns.columns.join(" ")}`, `reason: ${reason.output}`];
    if (allowed.approval) detail.push(`approval #${allowed.approval}`);
    await audit(db, who, "privacy_copy", { kind: "rights", id: asked.id }, detail.join("; "));
    await recordView(context, { kind: "privacy_copy", records: [{ kind: "rights", id: asked.id }], detail: countsText(counts) });
    return data<PrivacyResult>({
      ok: "copied",
      id: asked.id,
      sealed: { href: downloadPath(token), filename: sealed.filename, password: sealed.password, rows },
    });
  }
  const counts = await eraseByPhone(db, asked.phone);
  await audit(db, who, "privacy_erase", null, `${identity}; ${countsText(counts)}`);
  // The erasure's row in the destruction ledger, and the space the rows took reclaimed after it (issue 52 item 6).
  await recordDestruction(db, {
    kind: "erasure",
    actor: who.operator.email,
    cutoffs: {},
    counts: { ...counts },
    detail: `rights #${asked.id}`,
  });
  await reclaim(db, ERASURE_TABLES);
  return data<PrivacyResult>({ ok: "erased", count: Object.values(counts).reduce((a, b) => a + b, 0) });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacyPage rows={loaderData.rows} result={actionData} />;
}
