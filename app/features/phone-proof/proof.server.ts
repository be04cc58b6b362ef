import { data, type ActionFunctionArgs } from "react-router";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { validate } from "#app/lib/schema.ts";
import { requestContext, services } from "#app/lib/services.server.ts";
import { localeOf } from "#app/i18n/route.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { checkCode, requestCode, type CodePurpose } from "#app/features/phone-proof/codes.server.ts";
import { codeStepSchema, phoneStepSchema, type ProofAnswer } from "#app/features/phone-proof/schema.ts";
import { queueCodeText } from "#app/features/phone-proof/text.server.ts";

/**
 * One step of proving a number, for any page that needs it (find my request,
 * the rights page's refusal, its lifting, an erasure): `step=send` with a
 * number sends a code (when `applies` says the purpose concerns that number;
 * the answer is the same either way), `step=check` with the number and a code
 * checks it. Answers the page's next state, or the proven number for the
 * caller to act on.
 */
export type ProofOutcome = { proven: string } | { answer: ReturnType<typeof proofAnswer> };

type Db = Kysely<Database>;

export function proofAnswer(answer: ProofAnswer, status = 200) {
  // Never kept by a cache: it carries a number (and its answer) for one person.
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.retryAfter) headers["Retry-After"] = String(answer.retryAfter);
  return data({ proof: answer }, { status, headers });
}

export async function proofStep(
  args: Pick<ActionFunctionArgs, "context">,
  form: Record<string, string>,
  purpose: CodePurpose,
  applies: (db: Db, phone: string) => Promise<boolean>,
  keep?: Record<string, string>,
  now = new Date(),
): Promise<ProofOutcome> {
  const { db, secret, codesPerAddress } = services(args.context);
  if (form.step === "check") {
    const checked = validate(codeStepSchema, form);
    if (!checked.success) {
      const phone = validate(phoneStepSchema, form);
      if (!phone.success)
        return {
          answer: proofAnswer({ step: "phone", errors: phone.errors, values: { ...keep, phone: (form.phone ?? "").slice(0, 40) } }, 400),
        };
      return { answer: proofAnswer({ step: "code", phone: phone.output.phone, error: "code", keep }, 400) };
    }
    const { phone, code } = checked.output;
    const outcome = await checkCode(db, secret, { purpose, phone, code }, now);
    if (outcome.ok) return { proven: phone };
    if (outcome.reason === "locked")
      return { answer: proofAnswer({ step: "code", phone, error: "locked", retryAfter: outcome.retryAfter, keep }, 429) };
    return { answer: proofAnswer({ step: "code", phone, error: outcome.left > 0 ? "wrong" : "expired", left: outcome.left, keep }, 400) };
  }
  const checked = validate(phoneStepSchema, form);
  if (!checked.success)
    return {
      answer: proofAnswer({ step: "phone", errors: checked.errors, values: { ...keep, phone: (form.phone ?? "").slice(0, 40) } }, 400),
    };
  const { phone } = checked.output;
  const locale: Locale = localeOf(args.context);
  const sent = await requestCode(
    db,
    secret,
    { purpose, phone, ip: args.context.get(requestContext).clientIp, send: await applies(db, phone), perAddress: codesPerAddress },
    (trx, code, at) => queueCodeText(trx, { phone, code, locale, secret }, at),
    now,
  );
  if (!sent.ok) {
    const answer: ProofAnswer =
      form.step === "resend"
        ? { step: "code", phone, error: "locked", retryAfter: sent.retryAfter, keep }
        : { step: "phone", errors: {}, values: { ...keep, phone: (form.phone ?? "").slice(0, 40) }, retryAfter: sent.retryAfter };
    return { answer: proofAnswer(answer, 429) };
  }
  return { answer: proofAnswer({ step: "code", phone, resent: form.step === "resend", keep }) };
}
