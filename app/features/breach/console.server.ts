import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AdminT } from "#app/features/console/i18n.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { positiveId } from "#app/features/console/console.server.ts";
import { audit } from "#app/features/audit/audit.server.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import { toCsv } from "#app/lib/csv.ts";
import { validate } from "#app/lib/schema.ts";
import { downloadPath, gate, rowCap, seal, storeFile } from "#app/features/downloads/downloads.server.ts";
import { chosenColumns, defaultColumns, reasonSchema } from "#app/features/downloads/schema.ts";
import {
  AFFECTED_COLUMNS,
  affectedCounts,
  affectedList,
  clockOf,
  closeIncident,
  incident,
  incidents,
  markReported,
  publishIncident,
  recordIncident,
} from "#app/features/breach/breach.server.ts";
import { breachFields, breachSchema } from "#app/features/breach/schema.ts";
import { NOTICE_LANGS, noticeText } from "#app/features/breach/notice.server.ts";
import type { BreachResult, IncidentView } from "#app/features/breach/BreachPage.tsx";

/** The console page's data: every incident with its clock, the affected counts and the six notices. */
export async function breachPageData(db: Kysely<Database>, t: AdminT, now = new Date()): Promise<IncidentView[]> {
  const identity = await businessIdentity(db);
  const out: IncidentView[] = [];
  for (const found of await incidents(db)) {
    const counts = await affectedCounts(db, found);
    out.push({
      id: found.id,
      knownAtSeoul: found.knownAtSeoul,
      deadlineSeoul: found.deadlineSeoul,
      minutesLeft: clockOf(found, now).minutesLeft,
      counts: found.kinds.map((kind) => ({ kind, count: counts[kind] })),
      total: found.kinds.reduce((n, kind) => n + counts[kind], 0),
      publishedAt: found.publishedAt ? formatSeoul(found.publishedAt) : null,
      noticeUntil: found.noticeUntil ? formatSeoul(found.noticeUntil) : null,
      reportedAt: found.reportedAt ? formatSeoul(found.reportedAt) : null,
      closedAt: found.closedAt ? formatSeoul(found.closedAt) : null,
      notices: NOTICE_LANGS.map((lang) => noticeText(lang, found, identity)),
      listColumns: AFFECTED_COLUMNS.map((id) => ({ id, label: t(`breach.col.${id}`) })),
      listDefaults: defaultColumns(AFFECTED_COLUMNS),
    });
  }
  return out;
}

/** The page's posts: record, list (a download under the rules of any personal data), publish, reported, close. */
export async function breachAction(
  db: Kysely<Database>,
  who: SignedIn,
  form: URLSearchParams,
  now = new Date(),
): Promise<{ result: BreachResult; status: number }> {
  const intent = form.get("intent");
  if (intent === "record") {
    const check = validate(breachSchema, breachFields(form));
    if (!check.success) return { result: { refused: { errors: check.errors } }, status: 400 };
    const id = await recordIncident(db, check.output, who.operator.email, now);
    if (id === "known_at") return { result: { refused: { errors: { known_at: "breach.error.knownAt" } } }, status: 400 };
    if (id === "period") return { result: { refused: { errors: { period_from: "breach.error.period" } } }, status: 400 };
    await audit(
      db,
      who,
      "breach_record",
      null,
      `#${id}: known ${check.output.known_at} KST; ${check.output.kinds.join(",")} ${check.output.period_from} – ${check.output.period_to}`,
      now,
    );
    return { result: { recorded: id }, status: 200 };
  }
  const id = positiveId(form.get("id"));
  const found = id ? await incident(db, id) : null;
  if (!found) return { result: { error: "breach.error.missing" }, status: 400 };
  if (intent === "list") {
    const reason = validate(reasonSchema, form.get("reason") ?? "");
    const columns = chosenColumns(form, AFFECTED_COLUMNS);
    if (!reason.success || "error" in columns) {
      const errors: Record<string, string> = {};
      if (!reason.success) errors.reason = reason.errors._form ?? "download.error.reason";
      if ("error" in columns) errors.columns = columns.error;
      return { result: { listRefused: { id: found.id, errors } }, status: 400 };
    }
    const list = await affectedList(db, found, columns.columns);
    const approvalField = form.get("approval");
    const approval = approvalField ? positiveId(approvalField) : null;
    const params = { incident: String(found.id), columns: columns.columns.join(",") };
    const allowed = await gate(
      db,
      { kind: "breach_list", params, rows: list.rows.length, reason: reason.output, by: who.operator.email, approval },
      now,
    );
    if (!allowed.go) {
      if ("refused" in allowed) return { result: { error: "breach.error.missing" }, status: 400 };
      return {
        result: { pending: { id: allowed.pending, rows: list.rows.length, cap: await rowCap(db) }, incident: found.id },
        status: 200,
      };
    }
    const stem = `breach-${found.id}-affected`;
    const sealed = seal(stem, [{ name: `${stem}.csv`, data: toCsv(list.header, list.rows) }], who.operator.email, now);
    const token = await storeFile(db, sealed, who.operator.email, now);
    await audit(
      db,
      who,
      "export",
      list.refs.length ? list.refs : null,
      `breach #${found.id} affected; columns: ${columns.columns.join(" ")}; reason: ${reason.output}`,
      now,
    );
    return {
      result: {
        sealed: { id: found.id, href: downloadPath(token), filename: sealed.filename, password: sealed.password, rows: list.rows.length },
      },
      status: 200,
    };
  }
  if (intent === "publish") {
    if (await publishIncident(db, found.id, now)) {
      await audit(db, who, "breach_publish", null, `#${found.id}`, now);
      // The public pages are cached per content version: the notice shows at once.
      await bumpContentVersion(db);
    }
    return { result: { done: "published" }, status: 200 };
  }
  if (intent === "reported") {
    if (await markReported(db, found.id, now))
      await audit(db, who, "breach_update", null, `#${found.id}: reported to the PIPC or KISA`, now);
    return { result: { done: "reported" }, status: 200 };
  }
  if (intent === "close") {
    if (await closeIncident(db, found.id, now)) await audit(db, who, "breach_close", null, `#${found.id}`, now);
    return { result: { done: "closed" }, status: 200 };
  }
  return { result: { error: "breach.error.missing" }, status: 400 };
}
