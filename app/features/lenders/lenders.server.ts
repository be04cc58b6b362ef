import type { Kysely, Selectable } from "kysely";
import type { Database, LoanLenderTable } from "#db/schema.ts";
import { LOCALES, type Locale } from "#app/i18n/locales.ts";
import { parsePerLocale } from "#app/i18n/per-locale.ts";
import { CodedError } from "#app/lib/coded-error.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { audit, auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import type { LenderInput } from "#app/features/lenders/schema.ts";
import { isUniqueViolation } from "#db/unique-violation.ts";
import { storeImage, type EncodedImage, type ImageSpec } from "#app/business/images.server.ts";

/**
 * The lenders the business sells products for (issue 47, item 1), as the
 * administrators keep them: added, renamed, and deleted while no product
 * names them. Which of them the site names is decided by the live products
 * (app/loans/lenders.server.ts). Each change is audited and moves the
 * content version in its transaction, so every instance shows it within
 * seconds.
 */
type Db = Kysely<Database>;
type Who = Pick<SignedIn, "operator">;
type Row = Selectable<LoanLenderTable>;

export type LenderError = "missing" | "taken" | "in_use";
export class LenderProblem extends CodedError<LenderError> {}

export interface AdminLender {
  id: number;
  legalName: string;
  /** The English display name. */
  name: string;
  logo: string | null;
  /** How many products (retired ones included) name it: a lender in use cannot be deleted. */
  products: number;
  values: Record<string, string>;
}

function valuesOf(row: Row): Record<string, string> {
  const names = parsePerLocale(row.names);
  return { legal_name: row.legal_name, ...Object.fromEntries(LOCALES.map((l) => [`name_${l}`, names[l]])) };
}

function columnsOf(input: LenderInput) {
  return {
    legal_name: input.legal_name,
    names: JSON.stringify(Object.fromEntries(LOCALES.map((l: Locale) => [l, input[`name_${l}`]]))),
  };
}

export async function listLenders(db: Db): Promise<AdminLender[]> {
  const rows = await db.selectFrom("loan_lenders").selectAll().orderBy("id").execute();
  const uses = await db.selectFrom("loan_products").select(["lender_id"]).execute();
  return rows.map((row) => ({
    id: row.id,
    legalName: row.legal_name,
    name: parsePerLocale(row.names).en,
    logo: row.logo,
    products: uses.filter((u) => u.lender_id === row.id).length,
    values: valuesOf(row),
  }));
}

export async function findLender(db: Db, id: number): Promise<AdminLender | null> {
  return (await listLenders(db)).find((l) => l.id === id) ?? null;
}

async function nameTaken(trx: Db, legalName: string, except: number | null): Promise<boolean> {
  const row = await trx.selectFrom("loan_lenders").select("id").where("legal_name", "=", legalName).executeTakeFirst();
  return !!row && row.id !== except;
}

export async function createLender(db: Db, who: Who, input: LenderInput, now = new Date()): Promise<number> {
  const at = now.toISOString();
  return takenOnRace(
    db.transaction().execute(async (trx) => {
      if (await nameTaken(trx, input.legal_name, null)) throw new LenderProblem("taken");
      const { id } = await trx
        .insertInto("loan_lenders")
        .values({ ...columnsOf(input), logo: null, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, who, "lender_create", { kind: "lender", id }, input.legal_name, now);
      return id;
    }),
  );
}

/** The same legal name saved twice at once: the second is refused as taken, like the check before the insert. */
async function takenOnRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new LenderProblem("taken");
    throw error;
  }
}

export async function updateLender(db: Db, who: Who, id: number, input: LenderInput, now = new Date()): Promise<void> {
  await takenOnRace(
    db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("loan_lenders").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new LenderProblem("missing");
      if (await nameTaken(trx, input.legal_name, id)) throw new LenderProblem("taken");
      const changes = describeChanges(valuesOf(row), { ...input });
      if (!changes.length) return;
      await trx
        .updateTable("loan_lenders")
        .set({ ...columnsOf(input), updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      // The ads name the lender by its legal name: the products' drafts and versions still to come follow it.
      if (row.legal_name !== input.legal_name) {
        const products = await trx.selectFrom("loan_products").select("id").where("lender_id", "=", id).execute();
        if (products.length)
          await trx
            .updateTable("loan_product_versions")
            .set({ lender_name: input.legal_name })
            .where(
              "product_id",
              "in",
              products.map((p) => p.id),
            )
            .where((eb) => eb.or([eb("status", "=", "draft"), eb("effective_from", ">", now.toISOString())]))
            .execute();
      }
      await auditChange(trx, who, "lender_update", { kind: "lender", id }, changes, now);
      await bumpContentVersion(trx, now);
    }),
  );
}

/** Deletes a lender no product names (a retired product keeps its lender: the record of what was advertised). */
export async function deleteLender(db: Db, who: Who, id: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("loan_lenders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new LenderProblem("missing");
    const used = await trx.selectFrom("loan_products").select("id").where("lender_id", "=", id).executeTakeFirst();
    if (used) throw new LenderProblem("in_use");
    await trx.deleteFrom("loan_lenders").where("id", "=", id).execute();
    await audit(trx, who, "lender_delete", { kind: "lender", id }, row.legal_name, now);
    await bumpContentVersion(trx, now);
  });
}

/** How a lender's logo is kept: a 640×320 WebP, the box the partners page draws it in, transparent around it. */
export const LENDER_LOGO: ImageSpec = { width: 640, height: 320, min: [160, 80], format: "webp" };

/** Sets (an encoded upload) or removes (null) a lender's logo: the file, the lender, its audit line and the content version at once. */
export async function setLenderLogo(db: Db, who: Who, id: number, image: EncodedImage | null, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("loan_lenders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new LenderProblem("missing");
    const logo = image ? await storeImage(trx, image, now) : null;
    if (logo === row.logo) return;
    await trx.updateTable("loan_lenders").set({ logo, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await auditChange(trx, who, "lender_update", { kind: "lender", id }, describeChanges({ logo: row.logo }, { logo }), now);
    await bumpContentVersion(trx, now);
  });
}

/** The lenders a new product can be sold for: id and legal name, for the product form's choice. */
export async function lenderChoices(db: Db): Promise<{ id: number; legalName: string }[]> {
  return (await listLenders(db)).map((l) => ({ id: l.id, legalName: l.legalName }));
}
