import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import styles from "./Field.module.css";

/**
 * A labelled form control with its error in red under it. Required fields
 * show an asterisk (spec §2) and say "required" to screen readers; the error
 * is tied to the control with aria-describedby and aria-invalid.
 */
type Common = { label: ReactNode; error?: string; hint?: ReactNode; required?: boolean; requiredLabel?: string; className?: string };
type ControlProps = {
  id: string;
  className: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

/** The asterisk a required field shows, and the word screen readers say instead. */
function RequiredMark({ required, requiredLabel }: { required?: boolean; requiredLabel: string }) {
  if (!required) return null;
  return (
    <>
      <span className={styles.required} aria-hidden="true">
        {" "}
        *
      </span>
      <span className="visually-hidden"> ({requiredLabel})</span>
    </>
  );
}

function FieldShell({
  label,
  error,
  hint,
  required,
  requiredLabel = "required",
  className,
  kind,
  children,
}: Common & { kind?: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <RequiredMark required={required} requiredLabel={requiredLabel} />
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        className: [styles.control, kind, className].filter(Boolean).join(" "),
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required || undefined,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The red message under a control (or a group of controls). */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/** Splits a field's props into the shell's (label, hint, error…) and the control's own. */
function shellOf<P extends Common>({ label, error, hint, required, requiredLabel, className, ...control }: P) {
  return [{ label, error, hint, required, requiredLabel, className }, control] as const;
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const [shell, input] = shellOf(props);
  return <FieldShell {...shell}>{(control) => <input {...control} {...input} />}</FieldShell>;
}

/** A phone number: the number keypad, and the number the browser keeps for the visitor. */
export function PhoneField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField type="tel" inputMode="numeric" autoComplete="tel" {...props} />;
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [shell, input] = shellOf(props);
  return (
    <FieldShell {...shell} kind={styles.textarea}>
      {(control) => <textarea {...control} {...input} />}
    </FieldShell>
  );
}

export function SelectField(props: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const [shell, { children, ...select }] = shellOf(props);
  return (
    <FieldShell {...shell} kind={styles.select}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * Radio buttons in a fieldset with a legend; the error sits under the group.
 * `stacked`: one option per line, full width (options with a sentence each).
 */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  required,
  requiredLabel = "required",
  defaultValue,
  stacked,
}: {
  legend: ReactNode;
  name: string;
  options: { value: string; label: ReactNode }[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string;
  required?: boolean;
  requiredLabel?: string;
  stacked?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={errorId} aria-invalid={!!error || undefined}>
      <legend className={styles.label}>
        {legend}
        <RequiredMark required={required} requiredLabel={requiredLabel} />
      </legend>
      <div className={stacked ? `${styles.options} ${styles.stacked}` : styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              {...(value !== undefined ? { checked: value === option.value } : { defaultChecked: defaultValue === option.value })}
              onChange={() => onChange?.(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** A checkbox with its label, an optional action beside it (e.g. "view full policy") and its error. */
export function Checkbox({
  label,
  error,
  aside,
  required,
  requiredLabel = "required",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  aside?: ReactNode;
  requiredLabel?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.checkboxRow}>
      <div className={styles.checkboxLine}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-describedby={errorId}
          aria-invalid={!!error || undefined}
          aria-required={required || undefined}
          {...input}
        />
        <label htmlFor={id} className={styles.checkboxLabel}>
          {label}
          <RequiredMark required={required} requiredLabel={requiredLabel} />
        </label>
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
