import type { DisclosureText } from "#app/loans/disclosure.ts";
import { useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import { useT } from "#app/i18n/useT.ts";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, RadioGroup, SelectField, TextField } from "#app/ui/Field.tsx";
import { EMPLOYMENT_KINDS, VISA_TYPES, type LoanProduct } from "#app/features/products/model.ts";
import { checkEligibility } from "#app/features/eligibility/rules.ts";
import {
  CHECK_FIELDS,
  EXPIRY_UNKNOWN,
  checkQuery,
  parseCheck,
  type CheckField,
  type CheckValues,
} from "#app/features/eligibility/query.ts";
import { CheckAnswer, Fineprint } from "#app/features/eligibility/CheckAnswer.tsx";
import styles from "./Eligibility.module.css";

/**
 * The eligibility check (issue 27, items 2 and 4): a GET form whose answers
 * live in the query string. Without JavaScript the server renders the answer
 * for the submitted query; with it, the answer follows the visitor's typing,
 * from the same rules (rules.ts) and schema (query.ts), and the address bar
 * keeps the query so the answer can be bookmarked and shared. Nothing is
 * sent anywhere while typing, and nothing is stored.
 */
export interface CheckProps {
  products: LoanProduct[];
  /** Each product's loan-ad disclosure as finished text, by product key (ADR 0045). */
  disclosures: Readonly<Record<string, DisclosureText>>;
  /** YYYY-MM-DD in Korea, from the server: the server's and the browser's answer agree. */
  today: string;
  initial: CheckValues;
  /** The query had answers: show every field's message at once. */
  submitted: boolean;
}

export const ANSWER_ID = "check-answer";

export function EligibilityCheck({ products, disclosures, today, initial, submitted }: CheckProps) {
  const t = useT();
  const [values, setValues] = useState<CheckValues>(initial);
  const [attempted, setAttempted] = useState(submitted);
  const parsed = useMemo(() => parseCheck(new URLSearchParams(values)), [values]);
  const result = useMemo(() => (parsed.answers ? checkEligibility(products, parsed.answers, today) : null), [parsed, products, today]);
  const unknown = values.expiry === EXPIRY_UNKNOWN;

  const update = (next: CheckValues) => {
    setValues(next);
    const query = checkQuery(next);
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  };
  const set = (field: CheckField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    update({ ...values, [field]: event.target.value });
  // Before a first "Check", a message shows only under a field that already has something typed.
  const error = (field: CheckField) => {
    const key = parsed.errors[field];
    return key && (attempted || values[field] !== "") ? t(key) : undefined;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const firstBad = CHECK_FIELDS.find((f) => parsed.errors[f]);
    const target = firstBad ? event.currentTarget.elements.namedItem(firstBad) : document.getElementById(ANSWER_ID);
    (target instanceof RadioNodeList ? (target[0] as HTMLElement | undefined) : (target as HTMLElement | null))?.focus();
  };

  const number = (field: CheckField, hint?: string) => (
    <TextField
      label={t(`eligibility.form.${field}`)}
      hint={hint}
      name={field}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
      value={values[field]}
      onChange={set(field)}
      error={error(field)}
      required
      requiredLabel={t("eligibility.form.requiredLabel")}
    />
  );

  return (
    <>
      <form method="get" action="/our-products/eligibility" className={styles.form} onSubmit={onSubmit} noValidate>
        <SelectField
          label={t("eligibility.form.visa")}
          name="visa"
          value={values.visa}
          onChange={set("visa")}
          error={error("visa")}
          required
          requiredLabel={t("eligibility.form.requiredLabel")}
        >
          <option value="">{t("eligibility.form.visaPlaceholder")}</option>
          {VISA_TYPES.map((visa) => (
            <option key={visa} value={visa}>
              {visa === "Others" ? t("eligibility.form.visaOthers") : visa}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("eligibility.form.expiry")}
          hint={t("eligibility.form.expiryHint")}
          name="expiry"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("eligibility.form.expiryPlaceholder")}
          maxLength={10}
          value={unknown ? "" : values.expiry}
          onChange={set("expiry")}
          error={error("expiry")}
          required
          requiredLabel={t("eligibility.form.requiredLabel")}
        />
        <Checkbox
          label={t("eligibility.form.expiryUnknown")}
          name="expiry"
          value={EXPIRY_UNKNOWN}
          checked={unknown}
          onChange={(event) => update({ ...values, expiry: event.target.checked ? EXPIRY_UNKNOWN : "" })}
        />
        {number("employed_months", t("eligibility.form.employedMonthsHint"))}
        <RadioGroup
          legend={t("eligibility.form.employment")}
          name="employment"
          options={EMPLOYMENT_KINDS.map((kind) => ({ value: kind, label: t(`eligibility.employment.${kind}`) }))}
          value={values.employment}
          onChange={(employment) => update({ ...values, employment })}
          error={error("employment")}
          required
          requiredLabel={t("eligibility.form.requiredLabel")}
        />
        {number("income", t("eligibility.form.incomeHint"))}
        {number("amount")}
        {number("months")}
        <Button type="submit" block>
          {t("eligibility.form.submit")}
        </Button>
      </form>
      <section id={ANSWER_ID} tabIndex={-1} className={styles.answer} aria-labelledby="check-answer-title" aria-live="polite">
        <h2 id="check-answer-title">{t("eligibility.answer.heading")}</h2>
        {result && parsed.answers ? (
          <CheckAnswer
            result={result}
            answers={parsed.answers}
            disclosures={disclosures}
            consultHref={`/loan-consultation?${checkQuery(values)}`}
          />
        ) : (
          <p>{t("eligibility.answer.empty")}</p>
        )}
        <Fineprint />
      </section>
    </>
  );
}
