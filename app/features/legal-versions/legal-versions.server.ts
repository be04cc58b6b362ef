import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { audit, auditChange } from "#app/features/audit/audit.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { POLICY_KINDS, POLICY_LANGS, type PolicyKind, type VersionDates } from "#app/features/legal/links.ts";
import { versionDates } from "#app/features/legal/documents.server.ts";
import { BODY_FIELDS, allowedDay, type LegalVersionInput } from "#app/features/legal-versions/schema.ts";

/**
 * The console's side of the legal documents' versions (issue 36, ADR 0038):
 * administrators write a new version of a document for a date (the notice
 * periods are the schema's), and edit or withdraw one that has not taken
 * effect yet; a version in force or past is never changed. Each change runs
 * in one transaction with its audit row and moves the content version, so
 * every instance shows it within seconds (ADR 0021).
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;

export type LegalVersionError = "missing" | "in_force" | "taken" | "notice";
export class LegalVersionProblem extends CodedError<LegalVersionError> {}

export interface AdminLegalVersion extends VersionDates {
  id: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Every version of each document, oldest first, with where it stands today. */
export async function listLegalVersions(db: Db, now = new Date()): Promise<Record<PolicyKind, AdminLegalVersion[]>> {
  const rows = await db
    .selectFrom("legal_versions")
    .select(["id", "kind", "effective_on", "significant", "created_by_email", "created_at", "updated_at"])
    .orderBy("kind")
    .orderBy("effective_on")
    .execute();
  const today = todayInSeoul(now);
  return Object.fromEntries(
    POLICY_KINDS.map((kind) => {
      const own = rows.filter((r) => r.kind === kind);
      const dates = versionDates(own, today);
      return [
        kind,
        own.map((r, i) => ({
          ...dates[i]!,
          id: r.id,
          createdBy: r.created_by_email,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        })),
      ];
    }),
  ) as Record<PolicyKind, AdminLegalVersion[]>;
}

export interface StoredVersion {
  id: number;
  kind: PolicyKind;
  values: Record<string, string>;
  /** Not in force yet: it may be edited or withdrawn. A version in force or past is shown read-only. */
  editable: boolean;
}

/** One version as the console's form shows it, or null when there is no such version. */
export async function findLegalVersion(db: Db, id: number, now = new Date()): Promise<StoredVersion | null> {
  const row = await db.selectFrom("legal_versions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind as PolicyKind,
    values: {
      kind: row.kind,
      effective_on: row.effective_on,
      significant: row.significant ? "on" : "",
      ...Object.fromEntries(BODY_FIELDS.map((f) => [f, row[f]])),
    },
    editable: row.effective_on > todayInSeoul(now),
  };
}

/** The texts of the version in force of a document: where a new version starts from. */
export async function textsInForce(db: Db, kind: PolicyKind, now = new Date()): Promise<Record<string, string>> {
  const row = await db
    .selectFrom("legal_versions")
    .selectAll()
    .where("kind", "=", kind)
    .where("effective_on", "<=", todayInSeoul(now))
    .orderBy("effective_on", "desc")
    .executeTakeFirst();
  return row ? Object.fromEntries(BODY_FIELDS.map((f) => [f, row[f]])) : {};
}

/**
 * Whether an operator has written a version of `kind` (rather than only the
 * seed's, created_by null): until one has, the business's first own version
 * may take effect today (schema.ts).
 */
export async function hasOwnVersion(db: Db, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom("legal_versions")
    .select("id")
    .where("kind", "=", kind)
    .where("created_by", "is not", null)
    .executeTakeFirst();
  return !!row;
}

const label = (input: Pick<LegalVersionInput, "kind" | "effective_on" | "significant">) =>
  `${input.kind} ${input.effective_on}${input.significant ? " (significant)" : ""}`;

async function dateTaken(trx: Db, kind: string, day: string, except?: number): Promise<boolean> {
  let q = trx.selectFrom("legal_versions").select("id").where("kind", "=", kind).where("effective_on", "=", day);
  if (except) q = q.where("id", "!=", except);
  return !!(await q.executeTakeFirst());
}

/**
 * Writes a new version of a document for its date (the schema checked the
 * notice period). A date within the notice period is the first own
 * version's alone: checked again here, in the transaction, so two first
 * versions sent at once cannot both skip the notice.
 */
export async function createLegalVersion(db: Db, who: Who, input: LegalVersionInput, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (await dateTaken(trx, input.kind, input.effective_on)) throw new LegalVersionProblem("taken");
    const today = todayInSeoul(now);
    if (!allowedDay(input.effective_on, today, input.significant, !(await hasOwnVersion(trx, input.kind))))
      throw new LegalVersionProblem("notice");
    const row = await trx
      .insertInto("legal_versions")
      .values({
        kind: input.kind,
        effective_on: input.effective_on,
        significant: input.significant ? 1 : 0,
        body_ko: input.body_ko,
        body_en: input.body_en,
        body_vi: input.body_vi,
        body_id: input.body_id,
        body_my: input.body_my,
        body_mn: input.body_mn,
        created_by: who.operator.id,
        created_by_email: who.operator.email,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const what = input.effective_on === today ? "first own version, in force at once" : "scheduled";
    await audit(trx, who, "legal_version_create", { kind: "legal_version", id: row.id }, `${label(input)}: ${what}`, now);
    await bumpContentVersion(trx, now);
    return row.id;
  });
}

/** The version row, refused unless it exists and has not taken effect. */
async function comingRow(trx: Db, id: number, now: Date) {
  const row = await trx.selectFrom("legal_versions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new LegalVersionProblem("missing");
  if (row.effective_on <= todayInSeoul(now)) throw new LegalVersionProblem("in_force");
  return row;
}

/** Edits a version not in force yet: its date, its weight, its texts. The kind stays. */
export async function updateLegalVersion(db: Db, who: Who, id: number, input: LegalVersionInput, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await comingRow(trx, id, now);
    if (await dateTaken(trx, row.kind, input.effective_on, id)) throw new LegalVersionProblem("taken");
    await trx
      .updateTable("legal_versions")
      .set({
        effective_on: input.effective_on,
        significant: input.significant ? 1 : 0,
        body_ko: input.body_ko,
        body_en: input.body_en,
        body_vi: input.body_vi,
        body_id: input.body_id,
        body_my: input.body_my,
        body_mn: input.body_mn,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const changes = [
      ...(row.effective_on !== input.effective_on ? [`effective_on: ${row.effective_on} → ${input.effective_on}`] : []),
      ...(!!row.significant !== input.significant ? [`significant: ${!!row.significant} → ${input.significant}`] : []),
      ...POLICY_LANGS.filter((lang) => row[`body_${lang}`] !== input[`body_${lang}`]).map((lang) => `text ${lang} changed`),
    ];
    await auditChange(
      trx,
      who,
      "legal_version_update",
      { kind: "legal_version", id },
      [`${row.kind} ${row.effective_on}`, ...changes],
      now,
    );
    await bumpContentVersion(trx, now);
  });
}

/** Withdraws a version not in force yet: it is gone, the one in force stays. */
export async function withdrawLegalVersion(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await comingRow(trx, id, now);
    await trx.deleteFrom("legal_versions").where("id", "=", id).execute();
    await audit(
      trx,
      who,
      "legal_version_withdraw",
      { kind: "legal_version", id },
      `${label({ ...row, kind: row.kind as PolicyKind, significant: !!row.significant })}: withdrawn`,
      now,
    );
    await bumpContentVersion(trx, now);
  });
}
