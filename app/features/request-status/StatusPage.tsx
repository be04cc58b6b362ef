import { StatusBreachBanner } from "#app/features/breach/BreachNotice.tsx";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useLocale, useT } from "#app/i18n/useT.ts";
import { LOCALES, LOCALE_NATIVE_NAME } from "#app/i18n/locales.ts";
import { Button } from "#app/ui/Button.tsx";
import { SelectField } from "#app/ui/Field.tsx";
import type { StatusView } from "#app/features/request-status/view.ts";
import type { StatusResult } from "#app/features/request-status/action.server.ts";
import { formatWhen } from "#app/features/request-status/format.ts";
import { PushButton } from "#app/features/request-status/PushButton.tsx";
import { OfflineNotice, useOfflineCopy } from "#app/features/request-status/OfflineCopy.tsx";
import { LenderConsentSection } from "#app/features/request-status/LenderConsent.tsx";
import type { VisitorConsents } from "#app/features/pipeline/lender-consent.server.ts";
import styles from "./status.module.css";

export interface StatusPageData {
  view: StatusView;
  received: string;
  hours: { days: string; from: string; to: string };
  opensAt: string | null;
  slots: { day: string; slots: { value: string; label: string }[] }[];
  brokerNumber: string;
  businessName: string;
  /** The help centre, which agents call from. */
  phone: string;
  /** The withdrawal sentence of the statute folder, in the visitor's language with the Korean beside it. */
  withdrawal: string;
  /** The VAPID public key for the phone's notifications; null: none offered. */
  pushKey: string | null;
  /** When the server rendered the page (Korea time, formatted): the offline copy's "as of". */
  renderedAt: string;
  /** A consultation's consent to give it to a lender, asked and answered (issue 52); null for other kinds. */
  consents: VisitorConsents | null;
  /** A published leak that touched this request: its banner and notice (issue 52 item 4). */
  breach?: { known: string; text: { title: string; intro: string; sections: { heading: string; body: string[] }[] } } | null;
}

/**
 * A request's private status page (issue 28): where it stands and what
 * happens next, in the request's language (the switch keeps the link), the
 * masked phone, the broker's registration and the no-fee promise, and the
 * visitor's two actions as plain forms (they work without JavaScript).
 * No name, no full phone number, no operator's note ever reaches it (ADR 0033).
 */
export function StatusPage({ data, result }: { data: StatusPageData; result?: StatusResult }) {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const busy = useNavigation().state === "submitting";
  const { view } = data;
  const withdrawn = view.stage === "withdrawn";
  const confirming = result && "error" in result && result.error === "confirm";
  const error = result && "error" in result && result.error !== "confirm" ? result.error : null;
  const title = withdrawn ? t("status.withdrawn.title") : t(`status.title.${view.kind}`);
  useOfflineCopy(data);

  return (
    <article className={styles.page} aria-labelledby="status-title">
      <nav className={styles.languages} aria-label={t("status.language")}>
        {LOCALES.map((lang) => (
          <Link key={lang} to={`${pathname}?lang=${lang}`} lang={lang} aria-current={lang === locale ? "true" : undefined} reloadDocument>
            {LOCALE_NATIVE_NAME[lang]}
          </Link>
        ))}
      </nav>
      {withdrawn ? null : <OfflineNotice renderedAt={data.renderedAt} />}
      <h1 id="status-title" className={styles.title}>
        {title}
      </h1>
      {view.rightsKind ? <p className={styles.muted}>{t(`status.rightsKind.${view.rightsKind}`)}</p> : null}
      <p className={styles.muted}>{t("status.received", { day: data.received })}</p>
      <StatusBreachBanner banner={data.breach ?? null} />

      {view.steps.length > 0 ? (
        <ol className={styles.steps} aria-label={t("status.steps.label")}>
          {view.steps.map((step) => (
            <li key={step.key} className={styles[step.state]} aria-current={step.state === "current" ? "step" : undefined}>
              {t(`status.steps.${step.key}`)}
              {step.state !== "todo" ? <span className="visually-hidden"> ({t(`status.steps.${step.state}`)})</span> : null}
            </li>
          ))}
        </ol>
      ) : null}

      <div className={styles.lines} role="status">
        {view.lines.map((line) => (
          <p key={line.key}>{t(line.key, line.vars)}</p>
        ))}
        {view.actionable ? <p>{t("status.hours", data.hours)}</p> : null}
        {data.opensAt && view.lines.some((l) => l.key === "status.next.callSoon") ? (
          <p>{t("status.afterHours", { time: data.opensAt })}</p>
        ) : null}
        {view.callAhead && view.maskedPhone && view.kind !== "rights" ? (
          <p className={styles.phone}>{t("status.phone", { phone: view.maskedPhone })}</p>
        ) : null}
      </div>

      {data.pushKey ? <PushButton publicKey={data.pushKey} /> : null}

      {result && "ok" in result && result.ok === "rescheduled" ? (
        <p className={styles.ok} role="status">
          {t("status.reschedule.done", { time: formatWhen(result.at, locale) })}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {result && "retryAfter" in result
            ? t("status.errors.rateLimited", { count: result.retryAfter })
            : t(
                error === "closed"
                  ? "status.errors.closed"
                  : error === "slot"
                    ? "status.errors.slot"
                    : error === "consent"
                      ? "status.errors.consent"
                      : "common.error.body",
              )}
        </p>
      ) : null}

      {data.consents && !confirming ? <LenderConsentSection consents={data.consents} result={result} /> : null}

      {view.actionable && !confirming && data.slots.length > 0 ? (
        <section className={styles.action} aria-labelledby="reschedule-title">
          <h2 id="reschedule-title">{t("status.reschedule.title")}</h2>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="reschedule" />
            <SelectField label={t("status.reschedule.label")} hint={t("status.reschedule.hint")} name="slot" required={false}>
              {data.slots.map((group) => (
                <optgroup key={group.day} label={group.day}>
                  {group.slots.map((slot) => (
                    <option key={slot.value} value={slot.value}>
                      {`${group.day} ${slot.label}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <Button type="submit" block disabled={busy}>
              {t("status.reschedule.submit")}
            </Button>
          </Form>
        </section>
      ) : null}

      {view.actionable ? (
        <section className={styles.action} aria-labelledby="withdraw-title">
          <h2 id="withdraw-title">{confirming ? t("status.withdraw.confirmTitle") : t("status.withdraw.title")}</h2>
          <p>{confirming ? t("status.withdraw.confirmBody") : t("status.withdraw.hint")}</p>
          {view.closeNote ? <p>{t(view.closeNote.key, view.closeNote.vars)}</p> : null}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="withdraw" />
            {confirming ? <input type="hidden" name="confirm" value="yes" /> : null}
            <Button type="submit" variant="secondary" block disabled={busy}>
              {confirming ? t("status.withdraw.confirm") : t("status.withdraw.start")}
            </Button>
          </Form>
          {confirming ? (
            <Link to={`${pathname}?lang=${locale}`} className={styles.cancel}>
              {t("status.withdraw.cancel")}
            </Link>
          ) : null}
        </section>
      ) : null}

      <section className={styles.trust} aria-labelledby="trust-title">
        <h2 id="trust-title">{t("status.trust.title")}</h2>
        {view.withdrawalRight ? <p>{t("status.trust.withdrawalRight", { withdrawal: data.withdrawal })}</p> : null}
        <p>{t("status.trust.noFee")}</p>
        <p>{t("status.trust.broker", { business: data.businessName, number: data.brokerNumber })}</p>
        <p>
          <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>{data.phone}</a>
        </p>
      </section>
    </article>
  );
}
