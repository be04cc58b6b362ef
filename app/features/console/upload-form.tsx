import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { PostForm } from "#app/features/console/parts.tsx";
import admin from "#app/features/console/console.module.css";

/**
 * One file's upload in the console (the registration certificate, the
 * brand's pictures, a lender's logo): a multipart form with the file field,
 * its hint and its refusal beside it, and its button. `children`: hidden
 * fields it carries (which picture), and anything shown above the field.
 */
export function UploadForm({
  name,
  label,
  hint,
  accept,
  error,
  submit,
  className = admin.stack,
  children,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  error?: string;
  submit: string;
  className?: string;
  children?: ReactNode;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <PostForm encType="multipart/form-data" className={className} noValidate>
      {children}
      <TextField
        label={label}
        hint={hint}
        name={name}
        type="file"
        accept={accept}
        required
        requiredLabel={t("form.required")}
        error={error}
      />
      <div className={admin.toolbar}>
        <Button type="submit" variant="secondary" disabled={busy}>
          {submit}
        </Button>
      </div>
    </PostForm>
  );
}

/** The pictures the console takes: the server decides the type by the bytes; this only narrows the phone's file picker. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
