import { useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField } from "#app/ui/Field.tsx";
import { EmailField } from "#app/features/console/fields.tsx";
import { useAdminShell, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { EMAIL_MAX, OPERATOR_ROLES } from "#app/features/operators/operators-schema.ts";
import type { OperatorRow } from "#app/features/operators/operators.server.ts";
import type { TwoStepPolicy } from "#app/features/console/two-step.server.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";

export type OperatorsResult =
  | { ok: "invited" | "reset"; id: number; email: string; link: string; mailed?: boolean }
  | { ok: "role" | "disabled" | "enabled" | "two_step_reset"; id: number }
  | { ok: "policy" }
  | { error: string };

function RoleOptions() {
  const t = useAdminT();
  return OPERATOR_ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`operators.role.${role}`)}
    </option>
  ));
}

/** One-time link to pass on: shown once, right after it was made. */
function LinkNotice({ result }: { result: { ok: "invited" | "reset"; email: string; link: string; mailed?: boolean } }) {
  const t = useAdminT();
  return (
    <div className={styles.card} role="status">
      <p>{t(result.ok === "invited" ? "operators.done.invited" : "operators.done.reset", { email: result.email })}</p>
      <p>
        <label>
          {t("operators.link")}
          <input className={styles.code} readOnly value={result.link} onFocus={(e) => e.currentTarget.select()} />
        </label>
      </p>
      <p className={styles.hint}>{t("operators.linkHint")}</p>
      {result.mailed ? <p>{t("linkMail.queued", { email: result.email })}</p> : null}
    </div>
  );
}

/** The console's operators: invite, change a role, disable or enable, reset a password (administrators only). */
export function OperatorsPage({
  data,
  result,
}: {
  data: { operators: OperatorRow[]; policy: TwoStepPolicy; insideOnly: boolean };
  result?: OperatorsResult;
}) {
  const t = useAdminT();
  const me = useAdminShell()?.operator?.email;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle>{t("operators.title")}</PageTitle>
      {result && "error" in result ? <Notice tone="error">{t(result.error as AdminKey)}</Notice> : null}
      {result && "link" in result ? <LinkNotice result={result} /> : null}
      {result && "ok" in result && !("link" in result) ? <Notice tone="ok">{t(`operators.done.${result.ok}`)}</Notice> : null}

      <section className={styles.card} aria-labelledby="invite-title">
        <h2 id="invite-title" className={styles.subtitle}>
          {t("operators.invite")}
        </h2>
        <p className={styles.muted}>{t("operators.inviteIntro")}</p>
        <PostForm intent="invite" className={styles.stack}>
          <EmailField label={t("operators.email")} autoComplete="off" maxLength={EMAIL_MAX} />
          <SelectField label={t("operators.role")} name="role" defaultValue="agent">
            <RoleOptions />
          </SelectField>
          <Button type="submit" disabled={busy}>
            {t("operators.inviteSubmit")}
          </Button>
        </PostForm>
      </section>

      <section className={styles.card} aria-labelledby="policy-title">
        <h2 id="policy-title" className={styles.subtitle}>
          {t("operators.policy")}
        </h2>
        <p className={styles.muted}>{t(data.insideOnly ? "operators.policyInside" : "operators.policyOutside")}</p>
        <PostForm intent="two_step_policy" className={styles.inlineForm}>
          <SelectField label={t("operators.policyLabel")} name="policy" defaultValue={data.policy} key={data.policy}>
            <option value="admins" disabled={!data.insideOnly}>
              {t("operators.policy.admins")}
            </option>
            <option value="everyone">{t("operators.policy.everyone")}</option>
          </SelectField>
          <Button type="submit" variant="secondary" disabled={busy}>
            {t("form.save")}
          </Button>
        </PostForm>
      </section>

      <table className={styles.table}>
        <caption className={styles.caption}>{t("operators.list")}</caption>
        <ColumnHeads
          columns={[
            t("operators.email"),
            t("operators.role"),
            t("operators.state"),
            t("operators.twoStep"),
            t("operators.lastSignIn"),
            t("operators.actions"),
          ]}
        />
        <tbody>
          {data.operators.map((o) => (
            <tr key={o.id}>
              <th scope="row" data-label={t("operators.email")}>
                {o.email}
              </th>
              <td data-label={t("operators.role")}>{t(`operators.role.${o.role}`)}</td>
              <td data-label={t("operators.state")}>{t(`operators.state.${o.state}`)}</td>
              <td data-label={t("operators.twoStep")}>{o.twoStep ? t("operators.twoStep.on") : t("operators.twoStep.off")}</td>
              <td data-label={t("operators.lastSignIn")} className={styles.nowrap}>
                {o.lastSignIn ?? "–"}
              </td>
              <td data-label={t("operators.actions")}>
                {o.email === me ? (
                  <span className={styles.muted}>{t("operators.you")}</span>
                ) : (
                  <div className={styles.stack}>
                    <PostForm intent="role" className={styles.inlineForm} aria-label={t("operators.roleOf", { email: o.email })}>
                      <input type="hidden" name="id" value={o.id} />
                      <SelectField label={t("operators.role")} name="role" defaultValue={o.role}>
                        <RoleOptions />
                      </SelectField>
                      <Button type="submit" variant="secondary" disabled={busy}>
                        {t("operators.changeRole")}
                      </Button>
                    </PostForm>
                    <PostForm aria-label={t("operators.accountOf", { email: o.email })}>
                      <input type="hidden" name="id" value={o.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={o.state === "disabled" ? "enable" : "disable"}
                        variant="secondary"
                        disabled={busy}
                      >
                        {o.state === "disabled" ? t("operators.enable") : t("operators.disable")}
                      </Button>{" "}
                      {o.state === "disabled" ? null : (
                        <Button type="submit" name="intent" value="reset" variant="ghost" disabled={busy}>
                          {t("operators.reset")}
                        </Button>
                      )}{" "}
                      {o.twoStep ? (
                        <Button type="submit" name="intent" value="reset_two_step" variant="ghost" disabled={busy}>
                          {t("operators.resetTwoStep")}
                        </Button>
                      ) : null}
                    </PostForm>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
