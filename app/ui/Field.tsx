import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import styles from "./Field.module.css";

/**
 * A labelled form control with its error in red under it. Required fields
 * show an asterisk (spec §2) and say "required" to screen readers; the error
 * is tied to the control with aria-describedby and aria-invalid.
 */
interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  requiredLabel?: string;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

function FieldShell({ label, error, hint, required, requiredLabel = "required", children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
        {required ? <span className="visually-hidden"> ({requiredLabel})</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy, invalid: !!error })}
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

type Common = { label: ReactNode; error?: string; hint?: ReactNode; requiredLabel?: string };

export function TextField({
  label,
  error,
  hint,
  required,
  requiredLabel,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} requiredLabel={requiredLabel}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={[styles.control, className].filter(Boolean).join(" ")}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function TextArea({
  label,
  error,
  hint,
  required,
  requiredLabel,
  className,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} requiredLabel={requiredLabel}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className={[styles.control, styles.textarea, className].filter(Boolean).join(" ")}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  requiredLabel,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} requiredLabel={requiredLabel}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={[styles.control, styles.select, className].filter(Boolean).join(" ")}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          {...select}
        >
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
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
        {required ? <span className="visually-hidden"> ({requiredLabel})</span> : null}
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
          {required ? (
            <span className={styles.required} aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
          {required ? <span className="visually-hidden"> ({requiredLabel})</span> : null}
        </label>
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
