import { useRef, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigate, href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { digitsOnly } from "#app/lib/schema.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { postSvc, rejectedErrors } from "#app/lib/svc-fetch.ts";
import { readSource } from "#app/features/attribution/session.ts";
import { statusPathOf } from "#app/requests/status-link.ts";
import { useForm } from "#app/ui/useForm.ts";
import { policyHref } from "#app/features/legal/links.ts";
import { AlertDialog } from "#app/ui/AlertDialog.tsx";
import { PhoneField, RadioGroup, TextArea, TextField } from "#app/ui/Field.tsx";
import { ConsentSubmit } from "#app/ui/ConsentField.tsx";
import { Honeypot } from "#app/ui/Honeypot.tsx";
import { PhotoPicker, type PickedPhoto } from "#app/features/counter-inquiry/PhotoPicker.tsx";
import {
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_FIELDS,
  isInquiryType,
  validateInquiryForm,
  type InquiryField,
  type InquiryType,
} from "#app/features/counter-inquiry/schema.ts";
import type { FailureReason, FormResult } from "#app/lib/form-result.ts";
import { useSubmissionId } from "#app/ui/useSubmissionId.ts";
import styles from "./counter.module.css";

type Values = Record<InquiryField, string>;
const EMPTY: Values = { applicant_name: "", contact_phone: "", applicant_addr: "", inquiry_content: "" };
const ORDER = ["type", ...INQUIRY_FIELDS, "photos", "agree"] as const;
type FormField = (typeof ORDER)[number];
const focusTarget = (field: FormField) => (field === "photos" ? "input[type=file]" : `[name="${field}"]`);

/**
 * The cash-counter inquiry (spec §2, §4, §5, §7, §8): A/S (default) or
 * purchase. Switching the type changes the description label and whether
 * photos are needed — by CSS on the checked radio, so it also holds before
 * JavaScript. With JavaScript an A/S request goes to /svc/as/create as
 * multipart (json_param + file_param per photo) and a purchase to
 * /svc/purchase/create as JSON; success shows '제출이 완료되었습니다!' and
 * then the completion page with the type. Without it, the form posts to the
 * page's action, which does the same.
 */
export function InquiryForm({ result }: { result?: FormResult }) {
  const [submissionId] = useSubmissionId();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed comes back with field errors, and with a refusal (too many requests, the service briefly away).
  const restored =
    result && result.status !== "sent" && result.values
      ? { values: result.values, errors: result.status === "invalid" ? result.errors : {} }
      : undefined;
  const [type, setType] = useState<InquiryType>(() => (isInquiryType(restored?.values.type) ? restored.values.type : DEFAULT_INQUIRY_TYPE));
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...pick(restored?.values) }));
  const { errors, setErrors, clear, showErrors, submitting, submit } = useForm<FormField>({
    form: formRef,
    order: ORDER,
    initialErrors: restored?.errors,
    selector: focusTarget,
  });
  const [agreed, setAgreed] = useState(false);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [alert, setAlert] = useState<"success" | "failure" | null>(null);
  const [statusPath, setStatusPath] = useState<string | null>(null);
  // Why a post failed (in Korean, like the page): shown in the alert, or, for a post made without
  // JavaScript (or before it loaded), above the form until the next submit.
  const [failure, setFailure] = useState<Failure | null>(() => failureOf(result));
  const [failedPost, setFailedPost] = useState(result?.status === "failed");

  const set = (field: InquiryField, value: string) => {
    setValues((v) => ({ ...v, [field]: field === "contact_phone" ? digitsOnly(value) : value }));
    clear(field);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? "";
    void submit(async () => {
      setFailedPost(false);
      const check = validateInquiryForm({ type, agree: agreed, photoCount: photos.length, fields: values });
      if (!check.success) return showErrors(check.errors);
      const payload = { ...check.output, submission_id: submissionId, source: readSource(), [HONEYPOT_FIELD]: honeypot };
      const sent =
        check.type === "as"
          ? await postSvc(href("/svc/as/create"), asMultipart(payload, photos))
          : await postSvc(href("/svc/purchase/create"), payload);
      if (sent.kind === "ok") {
        setStatusPath(statusPathOf(sent.data));
        setAlert("success");
      } else {
        // The API names the photos file_param; its messages arrive already in Korean.
        const { file_param: photoError, ...rest } = rejectedErrors(sent);
        setErrors(photoError ? { ...rest, photos: photoError } : rest);
        setFailure(
          sent.kind === "rejected"
            ? failureOf({ status: "failed", reason: REASON[sent.status] ?? "server", retryAfter: sent.retryAfter })
            : null,
        );
        setAlert("failure");
      }
    });
  }

  function closeAlert() {
    const succeeded = alert === "success";
    setAlert(null);
    if (succeeded) navigate(href("/company/hitachi/complete"), { state: { type, statusPath } });
  }

  const failureText = failure
    ? [
        t(failure.key, { count: failure.count ?? 0 }),
        ...(failure.photosAgain && type === "as" ? [t("counter.alert.photosAgain")] : []),
      ].join(" ")
    : t("counter.alert.failure");

  // Messages are catalog keys from the schema, or text the server already translated.
  const error = (field: FormField) => (errors[field] ? t(errors[field]) : undefined);
  const field = (name: InquiryField) => ({
    name,
    value: values[name],
    error: error(name),
    required: true,
    requiredLabel: t("counter.form.required"),
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
  });

  return (
    <>
      {failedPost ? (
        <p role="alert" className={styles.failure}>
          {failureText}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" ref={formRef} onSubmit={onSubmit} className={styles.form}>
        <input type="hidden" name="submission_id" value={submissionId} />
        <Honeypot label={t("counter.form.honeypot")} />
        <RadioGroup
          legend={t("counter.form.type.legend")}
          name="type"
          value={type}
          required
          requiredLabel={t("counter.form.required")}
          error={error("type")}
          options={[
            { value: "as", label: t("counter.form.type.as") },
            { value: "purchase", label: t("counter.form.type.purchase") },
          ]}
          onChange={(value) => {
            if (!isInquiryType(value)) return;
            setType(value);
            clear("type", "inquiry_content", "photos");
          }}
        />
        <TextField {...field("applicant_name")} label={t("counter.form.name")} autoComplete="name" maxLength={100} />
        <PhoneField {...field("contact_phone")} label={t("counter.form.phone")} hint={t("counter.form.phoneHint")} maxLength={20} />
        <TextField {...field("applicant_addr")} label={t("counter.form.address")} autoComplete="address-line1" maxLength={300} />
        <TextArea
          {...field("inquiry_content")}
          rows={5}
          maxLength={3000}
          label={
            <>
              <span className={styles.asOnly}>{t("counter.form.symptom")}</span>
              <span className={styles.purchaseOnly}>{t("counter.form.content")}</span>
            </>
          }
          placeholder={type === "as" ? t("counter.form.symptomPlaceholder") : t("counter.form.contentPlaceholder")}
        />
        <div className={styles.asOnly}>
          <PhotoPicker
            photos={photos}
            onChange={(next) => {
              setPhotos(next);
              clear("photos");
            }}
            error={error("photos")}
            onRejected={(key) => setErrors((current) => (key ? { ...current, photos: key } : current))}
          />
        </div>
        <ConsentSubmit
          agreed={agreed}
          onAgree={(on) => {
            setAgreed(on);
            clear("agree");
          }}
          requiredLabel={t("counter.form.required")}
          summary={t("counter.form.agree.summary")}
          label={t("counter.form.agree.label")}
          error={error("agree")}
          policyTo={policyHref(location, "privacy")}
          policyLabel={t("counter.form.agree.view")}
          submitting={submitting}
          disabled={submitting}
          submitLabel={t("counter.form.submit")}
          busyLabel={t("counter.form.submitting")}
        />
      </Form>
      <AlertDialog
        open={alert !== null}
        onClose={closeAlert}
        lang="ko"
        confirmLabel={t("counter.alert.confirm")}
        message={alert === "success" ? t("counter.alert.success") : failureText}
      />
    </>
  );
}

/** spec §7: json_param (the fields as JSON) and file_param once per photo. */
function asMultipart(payload: object, photos: readonly PickedPhoto[]): FormData {
  const body = new FormData();
  body.append("json_param", JSON.stringify(payload));
  for (const photo of photos) body.append("file_param", photo.file, photo.file.name);
  return body;
}

function pick(values: Record<string, string> | undefined): Partial<Values> {
  if (!values) return {};
  return Object.fromEntries(INQUIRY_FIELDS.map((k) => [k, values[k] ?? ""]));
}

/** Why a post failed, in the page's Korean: too many requests or the service briefly away say when to try again. */
interface Failure {
  key: string;
  count?: number;
  /** Without JavaScript the photos cannot come back: they must be attached again. */
  photosAgain?: boolean;
}

const REASON: Partial<Record<number, FailureReason>> = { 429: "rate_limited", 503: "unavailable" };

function failureOf(result: FormResult | undefined): Failure | null {
  if (result?.status !== "failed" || !result.retryAfter) return null;
  if (result.reason === "rate_limited") return { key: "counter.alert.tooMany", count: result.retryAfter };
  if (result.reason === "unavailable") return { key: "counter.alert.unavailable", count: result.retryAfter, photosAgain: !!result.values };
  return null;
}
