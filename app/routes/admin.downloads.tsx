import { data } from "react-router";
import type { Route } from "./+types/admin.downloads";
import { services } from "#app/lib/services.server.ts";
import { recordView } from "#app/features/access/access.server.ts";
import { consoleForm, consoleT, consoleTitle, positiveId } from "#app/features/console/console.server.ts";
import { adminMeta } from "#app/features/console/meta.ts";
import { requireRole } from "#app/features/console/guards.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { isIsoDay, seoulDay } from "#app/lib/seoul-time.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import { decideApproval, openApprovals, rowCap, saveRowCap } from "#app/features/downloads/downloads.server.ts";
import { defaultColumns, ROW_CAP_LIMIT } from "#app/features/downloads/schema.ts";
import { columnTitle, exportColumns } from "#app/features/pipeline/export.server.ts";
import { exportDownload, type ExportResult } from "#app/features/pipeline/export-download.server.ts";
import { ExportPage, type DecisionResult } from "#app/features/pipeline/ExportPage.tsx";

/**
 * /admin/downloads: the CSV export as an encrypted download with a reason and
 * chosen columns, and the downloads over the row cap that wait for a second
 * administrator (issue 52 item 3, ADR 0054). Administrators only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = requireRole(context, "admin");
  const params = new URL(request.url).searchParams;
  const asked = params.get("kind");
  const kind = isRequestKind(asked) ? asked : "consultation";
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isIsoDay(value) ? value : "";
  };
  const t = consoleT(context);
  const { db } = services(context);
  const all = exportColumns(kind);
  const me = who.operator.email;
  const approvals = (await openApprovals(db)).map((a) => {
    const p = a.params as Record<string, string>;
    const columns = (p.columns ?? "").split(",").filter(Boolean);
    return {
      id: a.id,
      kind: a.kind,
      rows: a.rows,
      reason: a.reason,
      requestedBy: a.requestedBy,
      requestedAt: a.requestedAt,
      status: a.status,
      decidedBy: a.decidedBy,
      what: `${p.kind ? t(`kind.${p.kind}` as never) : ""} ${p.from || "…"} – ${p.to || "…"}`,
      resend:
        a.kind === "export" && a.status === "granted" && a.requestedBy === me
          ? ([
              ["kind", p.kind ?? ""],
              ["from", p.from ?? ""],
              ["to", p.to ?? ""],
              ["reason", a.reason],
              ...columns.map((c) => ["column", c]),
            ] as [string, string][])
          : undefined,
    };
  });
  return {
    title: consoleTitle(context, "export.title"),
    page: {
      kind,
      from: day("from"),
      to: day("to"),
      today: seoulDay(new Date()),
      columns: all.map((id) => ({ id, label: columnTitle(t, id) })),
      defaults: defaultColumns(all),
      approvals,
      me,
      cap: await rowCap(db),
    },
  };
}

export const meta = adminMeta;

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "admin");
  const { form, who } = await consoleForm(request, context, 8 * 1024);
  const { db } = services(context);
  const intent = form.get("intent");
  if (intent === "export") {
    const result = await exportDownload(db, who, form, consoleT(context), (records, detail) =>
      recordView(context, { kind: "export", records, detail }),
    );
    const status = "refused" in result || "error" in result ? 400 : 200;
    return data<ExportResult | DecisionResult>(result, { status });
  }
  if (intent === "approve" || intent === "refuse") {
    const id = positiveId(form.get("id"));
    const decided = id ? await decideApproval(db, id, who.operator.email, intent === "approve") : "missing";
    if (decided === "granted" || decided === "refused")
      await audit(db, who, intent === "approve" ? "download_approve" : "download_refuse", null, `approval #${id}`);
    return data<ExportResult | DecisionResult>({ decided }, { status: decided === "own" ? 403 : decided === "missing" ? 400 : 200 });
  }
  if (intent === "cap") {
    const raw = form.get("cap") ?? "";
    const cap = /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
    if (cap < 1 || cap > ROW_CAP_LIMIT) return data<ExportResult | DecisionResult>({ error: "download.error.cap" }, { status: 400 });
    const before = await rowCap(db);
    await saveRowCap(db, cap, who.operator.email);
    await audit(db, who, "download_cap", null, `${before} → ${cap}`);
    return data<ExportResult | DecisionResult>({ decided: "cap" });
  }
  return data<ExportResult | DecisionResult>({ error: "download.error.request" }, { status: 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <ExportPage data={loaderData.page} result={actionData} />;
}
