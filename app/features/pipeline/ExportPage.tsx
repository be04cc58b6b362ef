import { Form, href } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import {
  ApprovalsPanel,
  ColumnChoice,
  PendingApproval,
  ReasonField,
  SealedFile,
  type ApprovalView,
} from "#app/features/downloads/DownloadParts.tsx";
import { REQUEST_KINDS, type RequestKind } from "#app/requests/kinds.ts";
import type { ExportResult } from "#app/features/pipeline/export-download.server.ts";
import styles from "#app/features/console/console.module.css";

export interface ExportPageData {
  kind: RequestKind;
  from: string;
  to: string;
  today: string;
  columns: { id: string; label: string }[];
  defaults: string[];
  approvals: ApprovalView[];
  me: string;
  cap: number;
}

export type DecisionResult = { decided: "granted" | "refused" | "own" | "missing" | "cap" };

/** The kind and the period of an export (a GET form: it opens the export page with them; the inbox offers it too). */
export function ExportChoice({ kind, from, to, today, label }: { kind: string; from: string; to: string; today: string; label: string }) {
  const t = useAdminT();
  return (
    <Form method="get" action={href("/admin/downloads")} className={styles.filters}>
      <SelectField label={t("inbox.kind")} name="kind" defaultValue={kind} required requiredLabel={t("form.required")}>
        {REQUEST_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t("inbox.from")} name="from" type="date" defaultValue={from} max={today} />
      <TextField label={t("inbox.to")} name="to" type="date" defaultValue={to} max={today} />
      <div className={styles.filterActions}>
        <Button type="submit" variant="secondary">
          {label}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Exports as downloads that cannot leak in clear (issue 52 item 3): the kind
 * and dates (a GET form, so the columns follow the kind without JavaScript),
 * then the reason and the columns; the file comes back as an AES-256 ZIP with
 * its password shown once, or waits for a second administrator above the cap.
 */
export function ExportPage({ data, result }: { data: ExportPageData; result?: ExportResult | DecisionResult }) {
  const t = useAdminT();
  const refused = result && "refused" in result ? result.refused : undefined;
  const chosen = refused ? refused.values.columns : data.defaults;
  return (
    <>
      <PageTitle>{t("export.title")}</PageTitle>
      <p className={styles.muted}>{t("download.intro")}</p>
      {result && "sealed" in result ? <SealedFile {...result.sealed} /> : null}
      {result && "pending" in result ? <PendingApproval {...result.pending} /> : null}
      {result && "error" in result ? <Notice tone="error">{t(result.error as AdminKey)}</Notice> : null}
      {refused ? <Notice tone="error">{t("download.refused")}</Notice> : null}
      {result && "decided" in result ? (
        <Notice tone={result.decided === "granted" || result.decided === "refused" || result.decided === "cap" ? "ok" : "error"}>
          {t(`download.decided.${result.decided}` as AdminKey)}
        </Notice>
      ) : null}

      <ExportChoice kind={data.kind} from={data.from} to={data.to} today={data.today} label={t("download.choose")} />

      <section className={styles.card} aria-labelledby="export-form-title">
        <h2 id="export-form-title" className={styles.subtitle}>
          {t("download.what", { kind: t(`kind.${data.kind}`), from: data.from || "…", to: data.to || "…" })}
        </h2>
        <PostForm className={styles.stack} intent="export" key={`${data.kind}-${data.from}-${data.to}`}>
          <input type="hidden" name="kind" value={data.kind} />
          <input type="hidden" name="from" value={data.from} />
          <input type="hidden" name="to" value={data.to} />
          <ReasonField error={refused?.errors.reason} defaultValue={refused?.values.reason} />
          <ColumnChoice columns={data.columns} chosen={chosen} error={refused?.errors.columns} />
          <div className={styles.filterActions}>
            <Button type="submit">{t("export.submit")}</Button>
          </div>
        </PostForm>
      </section>

      <ApprovalsPanel approvals={data.approvals} me={data.me} cap={data.cap} />
    </>
  );
}
