import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, FieldError, RadioGroup, TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, PostForm } from "#app/features/console/parts.tsx";
import type { LenderConsent, LenderConsentResult } from "#app/features/pipeline/lender-consent.server.ts";
import {
  LENDER_CONSENT_ITEMS,
  LENDER_CONSENT_METHODS,
  REFERENCE_MAX,
  RETENTION_YEARS_DEFAULT,
  RETENTION_YEARS_MAX,
} from "#app/features/pipeline/lender-consent.ts";
import { LENDER_MAX } from "#app/features/pipeline/stages.ts";
import { useRefusedFields } from "#app/features/pipeline/refused-fields.ts";
import styles from "#app/features/console/console.module.css";

/**
 * The consultation's consents to give it to a lender (issue 52, item 1):
 * whether one is there (the lender stage needs it), each with its lender,
 * items, how and when it was given and by whom, and the form that asks for
 * one on the status page or records one given by phone or on paper. Works
 * without JavaScript: every field is on the form, the server reads what the
 * chosen way needs.
 */
export function LenderConsentSection({
  consents,
  result,
  open,
}: {
  consents: LenderConsent[];
  result?: LenderConsentResult;
  /** False once the consultation is decided or closed: nothing more is asked. */
  open: boolean;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const field = useRefusedFields(failed);
  // A consent the person withdrew (개인정보 보호법 제37조) is listed, and no move rests on it.
  const given = consents.filter((c) => c.answer === "given" && !c.withdrawnAt);
  const checked = new Set((failed?.values?.items ?? LENDER_CONSENT_ITEMS.join(",")).split(","));
  const itemsError = failed?.fields?.items;
  return (
    <section className={styles.card} aria-labelledby="lender-consent">
      <h2 id="lender-consent" className={styles.subtitle}>
        {t("pipeline.consent.title")}
      </h2>
      <p className={given.length ? undefined : styles.overdue} data-lender-consent={given.length ? "given" : "none"}>
        {given.length ? t("pipeline.consent.given", { lenders: given.map((c) => c.lender).join(", ") }) : t("pipeline.consent.none")}
      </p>
      {consents.length ? (
        <ul className={styles.plainList}>
          {consents.map((c) => (
            <li key={c.id}>
              <strong>{c.lender}</strong> · {t(`pipeline.consent.answer.${c.answer ?? "open"}`)} ·{" "}
              {t(`pipeline.consent.method.${c.method}`)}
              {c.reference ? ` (${c.reference})` : ""} · <time>{c.answeredAt ?? c.askedAt}</time> · {c.operator ?? "—"}
              {c.withdrawnAt ? (
                <>
                  {" "}
                  · <strong data-consent-withdrawn="">{t("pipeline.consent.answer.withdrawn")}</strong> · <time>{c.withdrawnAt}</time>
                </>
              ) : null}
              <br />
              <span className={styles.muted}>
                {c.items.map((i) => t(`pipeline.consent.item.${i}`)).join(", ")} ·{" "}
                {t("pipeline.consent.retentionValue", { years: c.retentionYears, count: c.retentionYears })}
                {c.lang ? ` · ${c.lang}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {result?.ok ? <Notice tone="ok">{t(result.method === "web" ? "pipeline.consent.asked" : "pipeline.consent.recorded")}</Notice> : null}
      {failed ? <Notice tone="error">{t(`pipeline.consent.error.${failed.error}`)}</Notice> : null}
      {open ? (
        <PostForm intent="consent" className={styles.stack} key={`consent-${consents.length}`}>
          <TextField label={t("pipeline.lender")} maxLength={LENDER_MAX} hint={t("pipeline.consent.lenderHint")} {...field("lender")} />
          <fieldset className={styles.stack} aria-describedby={itemsError ? "consent-items-error" : undefined}>
            <legend>{t("pipeline.consent.items")}</legend>
            {LENDER_CONSENT_ITEMS.map((item) => (
              <Checkbox
                key={item}
                name="items"
                value={item}
                defaultChecked={checked.has(item)}
                label={t(`pipeline.consent.item.${item}`)}
              />
            ))}
            <FieldError id="consent-items-error" message={itemsError ? t("pipeline.consent.error.items") : undefined} />
          </fieldset>
          <TextField
            label={t("pipeline.consent.retention")}
            inputMode="numeric"
            hint={t("pipeline.consent.retentionHint", { max: RETENTION_YEARS_MAX })}
            {...field("retentionYears")}
            defaultValue={field("retentionYears").defaultValue ?? String(RETENTION_YEARS_DEFAULT)}
          />
          <RadioGroup
            legend={t("pipeline.consent.how")}
            stacked
            options={LENDER_CONSENT_METHODS.map((m) => ({ value: m, label: t(`pipeline.consent.howOption.${m}`) }))}
            {...field("method")}
            defaultValue={field("method").defaultValue ?? "web"}
          />
          <TextField
            label={t("pipeline.consent.reference")}
            maxLength={REFERENCE_MAX}
            hint={t("pipeline.consent.referenceHint")}
            {...field("reference")}
          />
          <Button type="submit" disabled={busy}>
            {t("pipeline.consent.submit")}
          </Button>
        </PostForm>
      ) : null}
    </section>
  );
}
