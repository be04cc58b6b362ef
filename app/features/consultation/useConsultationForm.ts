import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate, href } from "react-router";
import { useLocale } from "#app/i18n/useT.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { validate } from "#app/lib/schema.ts";
import { waitMessage, type FormResult } from "#app/lib/form-result.ts";
import { postSvc } from "#app/lib/svc-fetch.ts";
import { newSubmissionId } from "#app/lib/submission.ts";
import { readSource } from "#app/features/attribution/session.ts";
import { statusPathOf } from "#app/requests/status-link.ts";
import { useForm, type Errors } from "#app/ui/useForm.ts";
import { clearDraft, readDraft, saveDraft, typedBeforeHydration } from "#app/features/consultation/draft.ts";
import { sentCheckOf } from "#app/features/eligibility/query.ts";
import { CHECK_FIELD, SHARE_CHECK_FIELD } from "#app/features/eligibility/share.ts";
import type { FromCheck } from "#app/features/eligibility/eligibility.server.ts";
import { editExpiryDate, formatExpiryDate, type DeleteDirection } from "#app/requests/expiry-date.ts";
import {
  ANSWER_FIELDS,
  consultationFormSchema,
  emptyFormState,
  formErrorsFromPayload,
  formStateFromForm,
  normalizePhone,
  toPayload,
  type ConsultationFormState,
  type FormField,
} from "#app/features/consultation/schema.ts";

/** Navigation state the completion page reads (spec §4: the phone arrives in state; issue 28: the status link too). */
interface CompleteState {
  phone: string;
  statusPath: string | null;
}

/** The form's message above the button: a catalog key, or a message the server already translated. */
export type Status = { kind: "idle" } | { kind: "error"; message: string; count?: number };

const FIELD_ORDER: FormField[] = [...ANSWER_FIELDS.slice(0, 2), "expiryChoice", ...ANSWER_FIELDS.slice(2), "agreeRequired"];
const ANSWER_ENDPOINT = href("/svc/answer/create");

/** Visa type and expiry filled in from the eligibility check (issue 27), still editable. */
function fromCheckState(fromCheck: FromCheck): Partial<ConsultationFormState> {
  return {
    visaType: fromCheck.visaType,
    expiryChoice: fromCheck.expiryDate ? "date" : "unknown",
    expiryDate: fromCheck.expiryDate ?? "",
  };
}

/** What a post made without JavaScript (or before it loaded) left: the form again, its errors and its message. */
function restore(result: FormResult | undefined, fromCheck?: FromCheck | null) {
  const values = result && result.status !== "sent" ? result.values : undefined;
  const state = values
    ? formStateFromForm(new Map(Object.entries(values)))
    : { ...emptyFormState(""), ...(fromCheck ? fromCheckState(fromCheck) : {}) };
  if (result?.status === "invalid") {
    const { submissionId: badId, ...errors } = result.errors;
    return {
      state,
      errors: errors as Errors<FormField>,
      message: badId ? "consultation.errors.submitFailed" : "consultation.status.checkFields",
    };
  }
  if (result?.status === "failed") {
    // Too many requests or the service briefly away: the common words, with the seconds to wait.
    const wait = waitMessage(result);
    return { state, errors: {}, message: wait?.key ?? "consultation.errors.submitFailed", count: wait?.count };
  }
  return { state, errors: {}, message: null };
}

/**
 * The consultation form's state machine (spec §4, §5): the fields, their
 * errors and the form's message; what was typed before JavaScript or kept
 * as the tab's draft; the date's formatting as it is typed; and the
 * submission to POST /svc/answer/create (docs/decisions/0005). The view is
 * ConsultationForm.tsx.
 */
export function useConsultationForm(actionData: FormResult | undefined, fromCheck?: FromCheck | null) {
  const locale = useLocale();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const [restored] = useState(() => restore(actionData, fromCheck));
  const [state, setState] = useState<ConsultationFormState>(restored.state);
  const { errors, setErrors, clear, showErrors, submitting, submit } = useForm<FormField>({
    form: formRef,
    order: FIELD_ORDER,
    initialErrors: restored.errors,
  });
  const [status, setStatus] = useState<Status>(
    restored.message ? { kind: "error", message: restored.message, count: restored.count } : { kind: "idle" },
  );

  // Once in the browser: take what was typed before JavaScript arrived, else
  // the draft this tab kept (a reload, a lost connection).
  const initial = useRef(state);
  useEffect(() => {
    const form = formRef.current;
    const typed = form ? typedBeforeHydration(initial.current, formStateFromForm(new FormData(form))) : null;
    // Typed without the formatting script: apply it now.
    if (typed?.expiryDate) typed.expiryDate = formatExpiryDate(typed.expiryDate);
    if (typed?.phone) typed.phone = normalizePhone(typed.phone);
    // Opened from the check: its visa type and expiry win over an older draft.
    const draft = actionData ? null : { ...readDraft(), ...(fromCheck ? fromCheckState(fromCheck) : {}) };
    if (draft || typed) setState((s) => ({ ...s, ...draft, ...typed }));
    // The page carries no submission id (it is cached for every visitor): this showing's is made here,
    // unless the draft kept one (a reload after a lost answer retries with the same id).
    setState((s) => (s.submissionId ? s : { ...s, submissionId: newSubmissionId() }));
  }, [actionData, fromCheck]);

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
    const sent = new FormData(event.currentTarget);
    const website = String(sent.get(HONEYPOT_FIELD) ?? "");
    // The eligibility check goes with the request only when the visitor ticked its box (issue 27).
    const check = sent.get(SHARE_CHECK_FIELD) === "Y" ? sentCheckOf(String(sent.get(CHECK_FIELD) ?? "")) : null;
    void submit(async () => {
      const result = validate(consultationFormSchema, state, { crossField: true });
      if (!result.success) {
        showErrors(result.errors as Errors<FormField>);
        setStatus({ kind: "error", message: "consultation.status.checkFields" });
        return;
      }
      setStatus({ kind: "idle" });
      const payload = { ...toPayload(result.output, check), source: readSource(), ...(website ? { website } : {}) };
      const outcome = await postSvc(ANSWER_ENDPOINT, payload, { lang: locale });
      if (outcome.kind === "ok") {
        clearDraft();
        const state: CompleteState = { phone: result.output.phone, statusPath: statusPathOf(outcome.data) };
        navigate(href("/loan-consultation-complete"), { state });
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

  return { formRef, state, errors, status, submitting, update, chooseExpiry, onDateChange, onSubmit };
}
