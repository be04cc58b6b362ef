import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate, href } from "react-router";
import { useLocale, useT } from "#app/i18n/useT.ts";
import { LANG_QUERY } from "#app/i18n/locales.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { validate } from "#app/lib/schema.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, RadioGroup, SelectField, TextField } from "#app/ui/Field.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { clearDraft, readDraft, saveDraft, typedBeforeHydration } from "#app/features/consultation/draft.ts";
import { editExpiryDate, formatExpiryDate, type DeleteDirection } from "#app/features/consultation/expiry-date.ts";
import {
  ANSWER_FIELDS,
  VISA_OPTIONS,
  consultationFormSchema,
  emptyFormState,
  formErrorsFromPayload,
  formStateFromForm,
  normalizePhone,
  toPayload,
  type ConsultationFormState,
  type FormField,
} from "#app/features/consultation/schema.ts";
import type { FormResult } from "#app/lib/form-result.ts";
import { postSvc } from "#app/lib/svc-fetch.ts";
import { useForm, type Errors } from "#app/ui/useForm.ts";
import styles from "./ConsultationForm.module.css";

/** Navigation state the completion page reads (spec §4: the phone arrives in state). */
interface CompleteState {
  phone: string;
}

/** The form's message above the button: a catalog key, or a message the server already translated. */
type Status = { kind: "idle" } | { kind: "error"; message: string };

const FIELD_ORDER: FormField[] = [...ANSWER_FIELDS.slice(0, 2), "expiryChoice", ...ANSWER_FIELDS.slice(2), "agreeRequired"];
const ANSWER_ENDPOINT = href("/svc/answer/create");

/** What a post made without JavaScript (or before it loaded) left: the form again, its errors and its message. */
function restore(result: FormResult | undefined, submissionId: string) {
  const values = result && result.status !== "sent" ? result.values : undefined;
  const state = values ? formStateFromForm(new Map(Object.entries(values))) : emptyFormState(submissionId);
  if (!state.submissionId) state.submissionId = submissionId;
  if (result?.status === "invalid") {
    const { submissionId: badId, ...errors } = result.errors;
    return {
      state,
      errors: errors as Errors<FormField>,
      message: badId ? "consultation.errors.submitFailed" : "consultation.status.checkFields",
    };
  }
  if (result?.status === "failed") {
    return {
      state,
      errors: {},
      message: result.reason === "rate_limited" ? "consultation.errors.rateLimited" : "consultation.errors.submitFailed",
    };
  }
  return { state, errors: {}, message: null };
}

/**
 * The loan consultation form (spec §2, §4, §5). Server-rendered and posted to
 * the route's action without JavaScript; with it, validated here with the
 * same schema and sent to POST /svc/answer/create (docs/decisions/0005).
 */
export function ConsultationForm({ submissionId, actionData }: { submissionId: string; actionData?: FormResult }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const [restored] = useState(() => restore(actionData, submissionId));
  const [state, setState] = useState<ConsultationFormState>(restored.state);
  const { errors, setErrors, clear, showErrors, submitting, submit } = useForm<FormField>({
    form: formRef,
    order: FIELD_ORDER,
    initialErrors: restored.errors,
  });
  const [status, setStatus] = useState<Status>(restored.message ? { kind: "error", message: restored.message } : { kind: "idle" });

  // Once in the browser: take what was typed before JavaScript arrived, else
  // the draft this tab kept (a reload, a lost connection).
  const initial = useRef(state);
  useEffect(() => {
    const form = formRef.current;
    const typed = form ? typedBeforeHydration(initial.current, formStateFromForm(new FormData(form))) : null;
    // Typed without the formatting script: apply it now.
    if (typed?.expiryDate) typed.expiryDate = formatExpiryDate(typed.expiryDate);
    if (typed?.phone) typed.phone = normalizePhone(typed.phone);
    const draft = actionData ? null : readDraft();
    if (draft || typed) setState((s) => ({ ...s, ...draft, ...typed }));
  }, [actionData]);

  useEffect(() => {
    saveDraft(state);
  }, [state]);

  /** Spec §4: editing a field clears its error (and an earlier form message). */
  function clearErrors(...fields: FormField[]) {
    clear(...fields);
    setStatus((s) => (s.kind === "error" ? { kind: "idle" } : s));
  }

  function update<K extends FormField>(field: K, value: ConsultationFormState[K]) {
    setState((s) => ({ ...s, [field]: value }));
    clearErrors(field);
  }

  function chooseExpiry(choice: string) {
    // Spec §4: 'date' clears earlier choice and date errors; 'unknown' empties the date.
    setState((s) => ({ ...s, expiryChoice: choice, expiryDate: choice === "unknown" ? "" : s.expiryDate }));
    clearErrors("expiryChoice", "expiryDate");
  }

  function onDateChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? "";
    const direction: DeleteDirection =
      inputType === "deleteContentBackward" ? "backward" : inputType === "deleteContentForward" ? "forward" : undefined;
    const next = editExpiryDate(input.value, input.selectionStart ?? input.value.length, state.expiryDate, direction);
    // Write the formatted value now so the caret stays after the same digits.
    input.value = next.value;
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    setState((s) => ({ ...s, expiryDate: next.value, expiryChoice: next.value ? "date" : s.expiryChoice }));
    // Typing a date chooses 'date'.
    clearErrors("expiryDate", ...(next.value ? (["expiryChoice"] as const) : []));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const website = String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? "");
    void submit(async () => {
      const result = validate(consultationFormSchema, state, { crossField: true });
      if (!result.success) {
        showErrors(result.errors as Errors<FormField>);
        setStatus({ kind: "error", message: "consultation.status.checkFields" });
        return;
      }
      setStatus({ kind: "idle" });
      const outcome = await postSvc(ANSWER_ENDPOINT, { ...toPayload(result.output), ...(website ? { website } : {}) }, { lang: locale });
      if (outcome.kind === "ok") {
        clearDraft();
        navigate(href("/loan-consultation-complete"), { state: { phone: result.output.phone } satisfies CompleteState });
        return;
      }
      if (outcome.kind === "network") {
        setStatus({ kind: "error", message: "consultation.status.network" });
        return;
      }
      const fieldErrors = formErrorsFromPayload(outcome.errors);
      setErrors((e) => ({ ...e, ...fieldErrors }));
      setStatus({ kind: "error", message: outcome.message ?? "consultation.errors.submitFailed" });
    });
  }

  const error = (field: FormField) => (errors[field] ? t(errors[field]) : undefined);
  const requiredLabel = t("consultation.form.requiredLabel");
  const lang = new URLSearchParams(location.search).get(LANG_QUERY);
  const action = `/loan-consultation${lang ? `?${LANG_QUERY}=${encodeURIComponent(lang)}` : ""}`;
  const policyLink = (
    <Link to={policyHref(location, "privacy")} preventScrollReset className={styles.policyLink}>
      {t("consultation.consent.viewPolicy")}
    </Link>
  );

  return (
    <Form ref={formRef} method="post" action={action} noValidate onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="submissionId" value={state.submissionId} />
      <Honeypot label={t("consultation.form.honeypot")} />
      <p className={styles.requiredNote}>
        <span aria-hidden="true">* </span>
        {t("consultation.form.requiredNote")}
      </p>

      <RadioGroup
        legend={t("consultation.intent.legend")}
        name="type"
        options={[
          { value: "yes", label: t("consultation.intent.yes") },
          { value: "no", label: t("consultation.intent.no") },
        ]}
        value={state.type}
        onChange={(value) => update("type", value)}
        error={error("type")}
        required
        requiredLabel={requiredLabel}
      />

      <SelectField
        label={t("consultation.visa.label")}
        name="visaType"
        value={state.visaType}
        onChange={(e) => update("visaType", e.currentTarget.value)}
        error={error("visaType")}
        required
        requiredLabel={requiredLabel}
      >
        <option value="" disabled>
          {t("consultation.visa.placeholder")}
        </option>
        {VISA_OPTIONS.map((visa) => (
          <option key={visa} value={visa}>
            {visa === "Others" ? t("consultation.visa.others") : visa}
          </option>
        ))}
      </SelectField>

      <div className={styles.group}>
        <RadioGroup
          legend={t("consultation.expiry.legend")}
          name="expiryChoice"
          options={[
            { value: "date", label: t("consultation.expiry.date") },
            { value: "unknown", label: t("consultation.expiry.unknown") },
          ]}
          value={state.expiryChoice}
          onChange={chooseExpiry}
          error={error("expiryChoice")}
          required
          requiredLabel={requiredLabel}
        />
        <TextField
          label={t("consultation.expiry.dateLabel")}
          hint={t("consultation.expiry.dateHint")}
          name="expiryDate"
          inputMode="numeric"
          autoComplete="off"
          placeholder="YYYY/MM/DD"
          maxLength={10}
          value={state.expiryDate}
          onChange={onDateChange}
          error={error("expiryDate")}
          className={state.expiryChoice === "unknown" ? styles.muted : undefined}
        />
      </div>

      <TextField
        label={t("consultation.nationality.label")}
        name="nationality"
        autoComplete="country-name"
        maxLength={100}
        value={state.nationality}
        onChange={(e) => update("nationality", e.currentTarget.value)}
        error={error("nationality")}
        required
        requiredLabel={requiredLabel}
      />
      <TextField
        label={t("consultation.name.label")}
        name="name"
        autoComplete="name"
        autoCapitalize="characters"
        maxLength={100}
        value={state.name}
        onChange={(e) => update("name", e.currentTarget.value)}
        error={error("name")}
        required
        requiredLabel={requiredLabel}
      />
      <TextField
        label={t("consultation.phone.label")}
        hint={t("consultation.phone.hint")}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="010XXXXXXXX"
        value={state.phone}
        onChange={(e) => update("phone", normalizePhone(e.currentTarget.value))}
        error={error("phone")}
        required
        requiredLabel={requiredLabel}
      />

      <div className={styles.consents}>
        <Checkbox
          label={t("consultation.consent.required")}
          name="agreeRequired"
          value="Y"
          checked={state.agreeRequired}
          onChange={(e) => update("agreeRequired", e.currentTarget.checked)}
          error={error("agreeRequired")}
          aside={policyLink}
          required
          requiredLabel={requiredLabel}
        />
        <Checkbox
          label={t("consultation.consent.marketing")}
          name="agreeMarketing"
          value="Y"
          checked={state.agreeMarketing}
          onChange={(e) => update("agreeMarketing", e.currentTarget.checked)}
          error={error("agreeMarketing")}
          aside={policyLink}
        />
      </div>

      <div className={styles.footer}>
        {status.kind === "error" ? (
          <p role="alert" className={styles.alert}>
            {t(status.message)}
          </p>
        ) : null}
        {!state.agreeRequired ? (
          <p id="consultation-consent-notice" className={styles.notice}>
            {t("consultation.consent.notice")}
          </p>
        ) : null}
        <Button
          type="submit"
          block
          disabled={hydrated && (submitting || !state.agreeRequired)}
          aria-describedby={!state.agreeRequired ? "consultation-consent-notice" : undefined}
        >
          {submitting ? t("consultation.submit.busy") : t("consultation.submit.idle")}
        </Button>
      </div>
    </Form>
  );
}
