import type { ComponentProps, ReactNode } from "react";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import admin from "#app/features/console/console.module.css";

/**
 * The console's fields that recur from form to form: each sets the type,
 * autocomplete, input mode and length its kind of value wants, and says
 * "required" in the console's words. Every other prop (label, name, hint,
 * default value, error) is the form's own and passes through to TextField.
 */
type FieldProps = Omit<ComponentProps<typeof TextField>, "required" | "requiredLabel">;

/** A text field the form is not sent without. */
export function RequiredField(props: FieldProps) {
  const t = useAdminT();
  return <TextField required requiredLabel={t("form.required")} {...props} />;
}

/** An operator's e-mail address (the form gives its autocomplete: `username` to sign in, `off` to invite). */
export function EmailField(props: FieldProps) {
  return <RequiredField name="email" type="email" inputMode="email" maxLength={320} {...props} />;
}

/** A password (the form gives its autocomplete: `current-password` or `new-password`). */
export function PasswordField(props: FieldProps) {
  return <RequiredField name="password" type="password" maxLength={1024} {...props} />;
}

/** The six digits of the authenticator app; with `recovery`, a recovery code may stand instead (letters, up to 64). */
export function CodeField({ recovery, ...props }: FieldProps & { recovery?: boolean }) {
  const kind: Omit<FieldProps, "label"> = recovery
    ? { inputMode: "text", autoCapitalize: "off", spellCheck: false, maxLength: 64 }
    : { inputMode: "numeric", pattern: "[0-9 ]*", maxLength: 8 };
  return <RequiredField name="code" autoComplete="one-time-code" {...kind} {...props} />;
}

/** A web address, https:// offered as the start (the form gives its name and length). */
export function UrlField(props: FieldProps) {
  return <RequiredField type="url" inputMode="url" placeholder="https://" {...props} />;
}

/** A settings page's group of fields under its legend and hint, side by side where the screen is wide (the Business and Brand pages). */
export function FieldGroup({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className={admin.group}>
      <legend>{legend}</legend>
      {hint ? <p className={admin.groupHint}>{hint}</p> : null}
      <div className={admin.fieldGrid}>{children}</div>
    </fieldset>
  );
}
