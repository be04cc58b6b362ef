import { Form, useNavigation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Button } from "#app/ui/Button.tsx";
import type { VisitorConsents } from "#app/features/pipeline/lender-consent.server.ts";
import { CONSENT_WITHDRAW } from "#app/features/pipeline/lender-consent.ts";
import type { StatusResult } from "#app/features/request-status/action.server.ts";
import styles from "./status.module.css";

/**
 * The consent an operator asked for, to give the request to one lender (issue
 * 52, item 1): the five points 개인정보 보호법 제17조② requires the person be
 * told (the recipient, its purpose, the items, how long it keeps them, the
 * right to refuse and what refusing changes), in the page's language, and two
 * plain buttons (they work without JavaScript). Answered ones stay listed;
 * a given one can be withdrawn there at any time (제37조), with one button.
 */
export function LenderConsentSection({ consents, result }: { consents: VisitorConsents; result?: StatusResult }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { ask } = consents;
  const done = result && "ok" in result && result.ok === "consent" ? consents.answered[0] : undefined;
  const withdrawn =
    result && "ok" in result && result.ok === "consentWithdrawn" ? consents.answered.find((c) => c.id === result.id) : undefined;
  if (!ask && consents.answered.length === 0) return null;
  return (
    <section className={styles.action} aria-labelledby="consent-title">
      <h2 id="consent-title">{t("status.consent.title")}</h2>
      <p className={styles.muted}>{t("status.consent.law")}</p>
      {done ? (
        <p className={styles.ok} role="status">
          {t(`status.consent.done.${done.answer}`, { lender: done.lender })}
        </p>
      ) : null}
      {withdrawn ? (
        <p className={styles.ok} role="status">
          {t("status.consent.done.withdrawn", { lender: withdrawn.lender })}
        </p>
      ) : null}
      {ask ? (
        <>
          <p>{t("status.consent.intro")}</p>
          <dl className={styles.consent}>
            <dt>{t("status.consent.recipient")}</dt>
            <dd>{ask.lender}</dd>
            <dt>{t("status.consent.purpose")}</dt>
            <dd>{t("status.consent.purposeValue")}</dd>
            <dt>{t("status.consent.items")}</dt>
            <dd>{ask.items.map((item) => t(`status.consent.item.${item}`)).join(", ")}</dd>
            <dt>{t("status.consent.period")}</dt>
            <dd>{t("status.consent.periodValue", { years: ask.retentionYears, count: ask.retentionYears })}</dd>
            <dt>{t("status.consent.refuse")}</dt>
            <dd>{t("status.consent.refuseValue")}</dd>
          </dl>
          <Form method="post" preventScrollReset className={styles.consentButtons}>
            <input type="hidden" name="intent" value="consent" />
            <input type="hidden" name="consent" value={ask.id} />
            <Button type="submit" name="answer" value="given" block disabled={busy}>
              {t("status.consent.agree", { lender: ask.lender })}
            </Button>
            <Button type="submit" name="answer" value="refused" variant="secondary" block disabled={busy}>
              {t("status.consent.decline")}
            </Button>
          </Form>
        </>
      ) : null}
      {consents.answered.length ? (
        <ul className={styles.consentList}>
          {consents.answered.map((c) => (
            <li key={c.id}>
              {t(`status.consent.answered.${c.answer}`, { time: c.at, lender: c.lender })}
              {c.withdrawnAt ? (
                <> {t("status.consent.answered.withdrawn", { time: c.withdrawnAt, lender: c.lender })}</>
              ) : c.answer === "given" ? (
                <Form method="post" preventScrollReset className={styles.consentWithdraw}>
                  <input type="hidden" name="intent" value={CONSENT_WITHDRAW} />
                  <input type="hidden" name="consent" value={c.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {t("status.consent.withdraw", { lender: c.lender })}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
