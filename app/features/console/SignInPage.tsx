import { Form, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, SignInCard } from "#app/features/console/parts.tsx";
import { EmailField, PasswordField } from "#app/features/console/fields.tsx";
import styles from "./console.module.css";

export type SignInError = "invalid" | "locked" | "delayed" | "rate_limited" | "missing";

/** E-mail and password; works without JavaScript (a plain form post). */
export function SignInPage({
  next,
  error,
  email,
  retryMinutes,
  passwordSet,
}: {
  next: string;
  error?: SignInError;
  email?: string;
  retryMinutes?: number;
  passwordSet?: boolean;
}) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <SignInCard id="sign-in-title" title={t("signIn.title")}>
      <p className={styles.muted}>{t("signIn.intro")}</p>
      {passwordSet ? <Notice tone="ok">{t("signIn.passwordSet")}</Notice> : null}
      {error ? <Notice tone="error">{t(`signIn.error.${error}`, { count: retryMinutes ?? 15 })}</Notice> : null}
      <Form method="post" className={styles.stack}>
        <input type="hidden" name="next" value={next} />
        <EmailField label={t("signIn.email")} autoComplete="username" defaultValue={email} />
        <PasswordField label={t("signIn.password")} autoComplete="current-password" />
        <Button type="submit" block disabled={busy}>
          {busy ? t("signIn.submitting") : t("signIn.submit")}
        </Button>
      </Form>
      <p className={styles.hint}>{t("signIn.help")}</p>
    </SignInCard>
  );
}
