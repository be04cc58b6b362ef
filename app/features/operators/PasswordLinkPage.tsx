import { Form, Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, SignInCard } from "#app/features/console/parts.tsx";
import { PasswordField } from "#app/features/console/fields.tsx";
import styles from "#app/features/console/console.module.css";

export type PasswordLinkResult = { error: string };

type LinkData = { state: "valid"; email: string; purpose: "invite" | "reset" } | { state: "expired" | "used" | "unknown" };

/** Sets a password from a one-time link; works without JavaScript. */
export function PasswordLinkPage({ data, result }: { data: LinkData; result?: PasswordLinkResult }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <SignInCard id="password-title" title={t("password.title")}>
      {data.state === "valid" ? (
        <>
          <p className={styles.muted}>
            {t(data.purpose === "invite" ? "password.introInvite" : "password.introReset", { email: data.email })}
          </p>
          {result ? <Notice tone="error">{t(result.error as AdminKey)}</Notice> : null}
          <Form method="post" className={styles.stack}>
            <input type="text" name="username" autoComplete="username" value={data.email} readOnly hidden />
            <PasswordField label={t("password.new")} autoComplete="new-password" hint={t("password.rule")} />
            <PasswordField label={t("password.repeat")} name="repeat" autoComplete="new-password" />
            <Button type="submit" block disabled={busy}>
              {t("password.submit")}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <Notice tone="error">{t(`password.state.${data.state}`)}</Notice>
          <p>
            <Link to={href("/admin/sign-in")}>{t("password.toSignIn")}</Link>
          </p>
        </>
      )}
    </SignInCard>
  );
}
