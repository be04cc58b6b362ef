import { Form, Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import { Notice, SignInCard } from "#app/features/console/parts.tsx";
import { CodeField } from "#app/features/console/fields.tsx";
import styles from "./console.module.css";

export type SecondStepError = "invalid" | "locked" | "delayed" | "rate_limited" | "missing" | "key";

/** The code from the authenticator app, or a recovery code; works without JavaScript. */
export function SecondStepPage({ error, retryMinutes }: { error?: SecondStepError; retryMinutes?: number }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <SignInCard id="second-step-title" title={t("secondStep.title")}>
      <p className={styles.muted}>{t("secondStep.intro")}</p>
      {error ? (
        <Notice tone="error">
          {error === "invalid" || error === "missing" || error === "key"
            ? t(`secondStep.error.${error}`)
            : t(`signIn.error.${error}`, { count: retryMinutes ?? 15 })}
        </Notice>
      ) : null}
      <Form method="post" className={styles.stack}>
        <CodeField label={t("secondStep.code")} recovery hint={t("secondStep.hint")} />
        <Button type="submit" block disabled={busy}>
          {t("secondStep.submit")}
        </Button>
      </Form>
      <p className={styles.hint}>
        <Link to={href("/admin/sign-in")}>{t("secondStep.back")}</Link>
      </p>
    </SignInCard>
  );
}
