import { Button } from "#app/ui/Button.tsx";
import { RadioGroup, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import type { RightsRow } from "#app/features/privacy-rights/console-list.server.ts";
import { IDENTITY_METHODS, IDENTITY_NOTE_MAX } from "#app/features/privacy-rights/identity.ts";
import { Notice, PageTitle, PostForm, StatusBadge } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";
import { ColumnChoice, PendingApproval, ReasonField, SealedFile } from "#app/features/downloads/DownloadParts.tsx";
import { defaultColumns } from "#app/features/downloads/schema.ts";
import { COPY_COLUMNS } from "#app/features/privacy-rights/copy-columns.ts";

export type PrivacyResult =
  | { ok: "erased"; count: number }
  | { ok: "withdrawn"; count: number }
  | { ok: "copied"; id: number; sealed: { href: string; filename: string; password: string; rows: number } }
  | { pending: { id: number; rows: number; cap: number } }
  | { refused: { id: number; errors: Record<string, string>; values: Record<string, string> } }
  | { error: "missing" };

type Refused = Extract<PrivacyResult, { refused: unknown }>["refused"];

/**
 * How identity was confirmed, and the actions that need it: erase (an
 * erasure request) and make a copy (any request). The browser asks before an
 * erasure; the server refuses both without a check.
 */
function IdentityForm({ row, refused, copy }: { row: RightsRow; refused: Refused | undefined; copy: boolean }) {
  const t = useAdminT();
  const error = (field: string) => (refused?.errors[field] ? t(refused.errors[field] as AdminKey) : undefined);
  return (
    <PostForm
      className={styles.stack}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value === "erase" && !window.confirm(t("privacy.confirmErase", { phone: row.phone }))) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={row.id} />
      <RadioGroup
        legend={t("privacy.identity.legend")}
        name="identity"
        options={IDENTITY_METHODS.map((method) => ({ value: method, label: t(`privacy.identity.${method}`) }))}
        defaultValue={refused?.values.identity}
        error={error("identity")}
        required
        requiredLabel={t("form.required")}
      />
      <TextField
        label={t("privacy.identity.note")}
        hint={t("privacy.identity.noteHint")}
        name="identity_note"
        maxLength={IDENTITY_NOTE_MAX}
        autoComplete="off"
        defaultValue={refused?.values.identity_note}
        error={error("identity_note")}
      />
      {copy ? (
        <>
          <ReasonField error={refused?.errors.reason} defaultValue={refused?.values.reason} />
          <ColumnChoice
            columns={COPY_COLUMNS.map((id) => ({ id, label: t(`privacy.copyColumn.${id}`) }))}
            chosen={refused?.values.columns !== undefined ? refused.values.columns.split(",") : defaultColumns(COPY_COLUMNS)}
            error={refused?.errors.columns}
          />
        </>
      ) : null}
      <div className={styles.filterActions}>
        {row.request === "erase" && row.status !== "closed" ? (
          <Button type="submit" name="intent" value="erase" variant="secondary">
            {t("privacy.action.erase")}
          </Button>
        ) : null}
        {copy ? (
          <Button type="submit" name="intent" value="copy" variant="secondary">
            {t("privacy.action.copy")}
          </Button>
        ) : null}
      </div>
    </PostForm>
  );
}

/**
 * Visitors' rights (issues 16 and 31): each request with its number and the
 * action it asks for — erase everything under the number, or record the
 * withdrawal of marketing consent — and a copy of the data for any request.
 * An erasure and a copy wait for the identity check; the audit log keeps how
 * identity was confirmed and how many requests went, never the number.
 */
export function PrivacyPage({ rows, result }: { rows: RightsRow[]; result?: PrivacyResult }) {
  const t = useAdminT();
  const refused = result && "refused" in result ? result.refused : undefined;
  // A refused copy carries its reason back (an erasure has none).
  const copyRefused = refused?.values.reason !== undefined;
  return (
    <>
      <PageTitle>{t("privacy.title")}</PageTitle>
      <p className={styles.muted}>{t("privacy.intro")}</p>
      {result && "ok" in result && result.ok !== "copied" ? (
        <Notice tone="ok">{t(`privacy.done.${result.ok}`, { count: result.count })}</Notice>
      ) : null}
      {result && "ok" in result && result.ok === "copied" ? (
        <>
          <Notice tone="ok">{t("privacy.done.copied")}</Notice>
          <SealedFile {...result.sealed} />
        </>
      ) : null}
      {result && "pending" in result ? <PendingApproval {...result.pending} /> : null}
      {refused ? <Notice tone="error">{t("privacy.identity.refused")}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t("privacy.error")}</Notice> : null}
      {rows.length === 0 ? (
        <p>{t("privacy.empty")}</p>
      ) : (
        <>
          <p className={styles.muted}>{t("privacy.identity.intro")}</p>
          <table className={styles.table}>
            <ColumnHeads
              columns={[
                t("inbox.col.received"),
                t("privacy.col.request"),
                t("inbox.col.phone"),
                t("inbox.col.status"),
                t("privacy.col.action"),
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-rights-request={row.id}>
                  <td>{row.received}</td>
                  <td>{t(`privacy.request.${row.request}`)}</td>
                  <td>{row.phone}</td>
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                  <td>
                    {row.request === "withdraw_marketing" && row.status !== "closed" ? (
                      <PostForm>
                        <input type="hidden" name="id" value={row.id} />
                        <input type="hidden" name="intent" value="withdraw_marketing" />
                        <Button type="submit">{t("privacy.action.withdraw_marketing")}</Button>
                      </PostForm>
                    ) : null}
                    {row.request === "erase" && row.status !== "closed" ? (
                      <IdentityForm row={row} refused={refused?.id === row.id && !copyRefused ? refused : undefined} copy={false} />
                    ) : null}
                    {/* A copy is the rarer act here: folded away until asked for. */}
                    <details open={refused?.id === row.id && copyRefused}>
                      <summary>{t("privacy.action.copy")}</summary>
                      <IdentityForm row={row} refused={refused?.id === row.id && copyRefused ? refused : undefined} copy />
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
