import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { liveProducts } from "#app/features/products/products.server.ts";
import { todayInSeoul } from "#app/lib/seoul-time.ts";
import { checkEligibility } from "#app/features/eligibility/rules.ts";
import { CHECK_ONLY_FIELDS, EXPIRY_UNKNOWN, parseCheck, type CheckValues, type SentCheck } from "#app/features/eligibility/query.ts";

/**
 * The eligibility check sent with a consultation (issue 27, item 5). The
 * browser sends only the visitor's answers; the server reads them again with
 * the check's schema, takes the visa type and expiry from the request's own
 * answers (the visitor may have changed them on the form), and computes the
 * result from the products live now. Nothing the browser says about fitting
 * is believed.
 */
export interface ComputedCheck {
  employedMonths: number;
  employment: string;
  income: number;
  amount: number;
  months: number;
  fits: number;
  total: number;
  result: { key: string; fits: boolean; failures: string[] }[];
}

/** The check recomputed on the server; null when its answers are not valid (nothing is stored then). */
export async function computeCheck(
  db: Kysely<Database>,
  locale: Locale,
  sent: SentCheck,
  request: { visaType: string; expiryChoice: string; expiryDate: string },
  now = new Date(),
): Promise<ComputedCheck | null> {
  const values: Partial<CheckValues> = {
    ...Object.fromEntries(CHECK_ONLY_FIELDS.map((f) => [f, String(sent[f] ?? "")])),
    visa: request.visaType,
    expiry: request.expiryChoice === "unknown" ? EXPIRY_UNKNOWN : request.expiryDate,
  };
  const { answers } = parseCheck(new URLSearchParams(values as Record<string, string>));
  if (!answers) return null;
  const result = checkEligibility(await liveProducts(db, locale, now), answers, todayInSeoul(now));
  return {
    employedMonths: answers.employedMonths,
    employment: answers.employment,
    income: answers.income,
    amount: answers.amount,
    months: answers.months,
    fits: result.fits,
    total: result.total,
    result: result.answers.map((a) => ({ key: a.product.key, fits: a.fits, failures: a.failures.map((f) => f.rule) })),
  };
}

/** Stores it with the consultation (inside the request's transaction). */
export async function storeCheck(db: Kysely<Database>, answerId: number, check: ComputedCheck, now = new Date()): Promise<void> {
  await db
    .insertInto("consultation_checks")
    .values({
      answer_id: answerId,
      employed_months: check.employedMonths,
      employment: check.employment,
      income: check.income,
      amount: check.amount,
      months: check.months,
      fits: check.fits,
      total: check.total,
      result: JSON.stringify(check.result),
      created_at: now.toISOString(),
    })
    .execute();
}
