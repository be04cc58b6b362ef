import { Button } from "#app/ui/Button.tsx";
import { Checkbox, SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { ColumnChoice, PendingApproval, ReasonField, SealedFile } from "#app/features/downloads/DownloadParts.tsx";
import { CAUSES, LEAKED_ITEMS, MEASURES } from "#app/features/breach/schema.ts";
import { REQUEST_KINDS } from "#app/requests/kinds.ts";
import styles from "#app/features/console/console.module.css";
import own from "./breach.module.css";

export interface IncidentView {
  id: number;
  knownAtSeoul: string;
  deadlineSeoul: string;
  minutesLeft: number;
  counts: { kind: string; count: number }[];
  total: number;
  publishedAt: string | null;
  noticeUntil: string | null;
  reportedAt: string | null;
  closedAt: string | null;
  notices: { lang: string; title: string; intro: string; sections: { heading: string; body: string[] }[] }[];
  listColumns: { id: string; label: string }[];
  listDefaults: string[];
}

export type BreachResult =
  | { recorded: number }
  | { done: "published" | "reported" | "closed" }
  | { refused: { errors: Record<string, string> } }
  | { sealed: { id: number; href: string; filename: string; password: string; rows: number } }
  | { pending: { id: number; rows: number; cap: number }; incident: number }
  | { listRefused: { id: number; errors: Record<string, string> } }
  | { error: "breach.error.missing" };

const LANG_NAMES: Record<string, string> = {
  ko: "한국어",
  en: "English",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  my: "မြန်မာ",
  mn: "Монгол",
};

/** The 72-hour clock: hours and minutes left, or overdue. */
function Clock({ incident }: { incident: IncidentView }) {
  const t = useAdminT();
  const left = Math.max(incident.minutesLeft, 0);
  return incident.minutesLeft < 0 ? (
    <p className={own.overdue} data-clock="overdue" role="status">
      {t("breach.overdue", { deadline: incident.deadlineSeoul })}
    </p>
  ) : (
    <p className={own.clock} data-clock={incident.minutesLeft} role="status">
      {t("breach.clock", { deadline: incident.deadlineSeoul, hours: Math.floor(left / 60), minutes: left % 60 })}
    </p>
  );
}

function RecordForm({ errors }: { errors?: Record<string, string> }) {
  const t = useAdminT();
  const error = (field: string) => (errors?.[field] ? t(errors[field] as AdminKey) : undefined);
  return (
    <section className={styles.card} aria-labelledby="breach-record">
      <h2 id="breach-record" className={styles.subtitle}>
        {t("breach.record")}
      </h2>
      <PostForm intent="record" className={styles.stack}>
        <TextField
          label={t("breach.knownAt")}
          hint={t("breach.knownAtHint")}
          name="known_at"
          type="datetime-local"
          required
          requiredLabel={t("form.required")}
          error={error("known_at")}
        />
        <div className={own.row}>
          <TextField
            label={t("breach.periodFrom")}
            name="period_from"
            type="date"
            required
            requiredLabel={t("form.required")}
            error={error("period_from")}
          />
          <TextField
            label={t("breach.periodTo")}
            name="period_to"
            type="date"
            required
            requiredLabel={t("form.required")}
            error={error("period_to")}
          />
        </div>
        <fieldset className={own.choices}>
          <legend>{t("breach.kinds")}</legend>
          {REQUEST_KINDS.map((k) => (
            <Checkbox key={k} name="kind" value={k} label={t(`kind.${k}`)} />
          ))}
          {error("kinds") ? <p className={own.error}>{error("kinds")}</p> : null}
        </fieldset>
        <fieldset className={own.choices}>
          <legend>{t("breach.items")}</legend>
          {LEAKED_ITEMS.map((item) => (
            <Checkbox key={item} name="item" value={item} label={t(`breachNotice.item.${item}`)} />
          ))}
          {error("items") ? <p className={own.error}>{error("items")}</p> : null}
        </fieldset>
        <SelectField
          label={t("breach.cause")}
          name="cause"
          required
          requiredLabel={t("form.required")}
          error={error("cause")}
          defaultValue=""
        >
          <option value="" disabled>
            —
          </option>
          {CAUSES.map((c) => (
            <option key={c} value={c}>
              {t(`breachNotice.cause.${c}`)}
            </option>
          ))}
        </SelectField>
        <TextArea label={t("breach.detail")} name="detail" rows={3} maxLength={600} error={error("detail")} />
        <fieldset className={own.choices}>
          <legend>{t("breach.measures")}</legend>
          {MEASURES.map((m) => (
            <Checkbox key={m} name="measure" value={m} label={t(`breachNotice.measure.${m}`)} />
          ))}
        </fieldset>
        <div className={styles.filterActions}>
          <Button type="submit">{t("breach.submit")}</Button>
        </div>
      </PostForm>
    </section>
  );
}

/** One step of the response: done (when, in words), or its button. */
function Step({ id, done, intent, label, primary }: { id: number; done: string | null; intent: string; label: string; primary?: boolean }) {
  if (done) return <p>{done}</p>;
  return (
    <PostForm intent={intent}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={primary ? undefined : "secondary"}>
        {label}
      </Button>
    </PostForm>
  );
}

function IncidentCard({ incident, result }: { incident: IncidentView; result?: BreachResult }) {
  const t = useAdminT();
  const sealed = result && "sealed" in result && result.sealed.id === incident.id ? result.sealed : undefined;
  const pending = result && "pending" in result && result.incident === incident.id ? result.pending : undefined;
  const listRefused = result && "listRefused" in result && result.listRefused.id === incident.id ? result.listRefused.errors : undefined;
  return (
    <article className={styles.card} aria-labelledby={`incident-${incident.id}`} data-incident={incident.id}>
      <h2 id={`incident-${incident.id}`} className={styles.subtitle}>
        {t("breach.incident", { id: incident.id, known: incident.knownAtSeoul })}
      </h2>
      <Clock incident={incident} />
      <p>
        <strong>{t("breach.affected", { total: incident.total })}</strong>{" "}
        {incident.counts.map((c) => t("breach.affectedKind", { kind: t(`kind.${c.kind}` as AdminKey), count: c.count })).join(" · ")}
      </p>
      <p className={styles.muted}>{incident.total >= 1000 ? t("breach.threshold") : t("breach.thresholdOther")}</p>

      <details open={Boolean(sealed || pending || listRefused)}>
        <summary>{t("breach.list")}</summary>
        {sealed ? <SealedFile {...sealed} /> : null}
        {pending ? <PendingApproval {...pending} /> : null}
        <PostForm intent="list" className={styles.stack}>
          <input type="hidden" name="id" value={incident.id} />
          <ReasonField error={listRefused?.reason} />
          <ColumnChoice columns={incident.listColumns} chosen={incident.listDefaults} error={listRefused?.columns} />
          <div className={styles.filterActions}>
            <Button type="submit" variant="secondary">
              {t("export.submit")}
            </Button>
          </div>
        </PostForm>
      </details>

      <h3 className={styles.subsubtitle}>{t("breach.notices")}</h3>
      <p className={styles.muted}>{t("breach.noticesIntro")}</p>
      {incident.notices.map((n) => (
        <details key={n.lang} className={own.notice}>
          <summary>{LANG_NAMES[n.lang] ?? n.lang}</summary>
          <div lang={n.lang} className={own.noticeText}>
            <p>
              <strong>{n.title}</strong>
            </p>
            <p>{n.intro}</p>
            {n.sections.map((s) => (
              <div key={s.heading}>
                <p>
                  <strong>{s.heading}</strong>
                </p>
                {s.body.map((line, i) => (
                  <p key={i}>{line}</p>
                ))}
              </div>
            ))}
          </div>
        </details>
      ))}

      <div className={own.actions}>
        <Step
          id={incident.id}
          done={incident.publishedAt && t("breach.published", { at: incident.publishedAt, until: incident.noticeUntil ?? "" })}
          intent="publish"
          label={t("breach.publish")}
          primary
        />
        <Step
          id={incident.id}
          done={incident.reportedAt && t("breach.reportedAt", { at: incident.reportedAt })}
          intent="reported"
          label={t("breach.reported")}
        />
        <Step
          id={incident.id}
          done={incident.closedAt && t("breach.closedAt", { at: incident.closedAt })}
          intent="close"
          label={t("breach.close")}
        />
      </div>
    </article>
  );
}

/**
 * The leak runbook's console page (issue 52 item 4, docs/breach.md): record
 * the moment a leak became known, which starts the 72-hour clock; see the
 * requests affected by kind and download their list as any personal data
 * (reason, columns, encrypted); the notices in six languages; publish the
 * status-page banner and the site notice; mark the report; close.
 */
export function BreachPage({ incidents, result }: { incidents: IncidentView[]; result?: BreachResult }) {
  const t = useAdminT();
  const refused = result && "refused" in result ? result.refused.errors : undefined;
  return (
    <>
      <PageTitle>{t("breach.title")}</PageTitle>
      <p className={styles.muted}>{t("breach.intro")}</p>
      {result && "recorded" in result ? <Notice tone="ok">{t("breach.recorded")}</Notice> : null}
      {result && "done" in result ? <Notice tone="ok">{t(`breach.done.${result.done}`)}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t(result.error)}</Notice> : null}
      {incidents.length === 0 ? <p>{t("breach.none")}</p> : incidents.map((i) => <IncidentCard key={i.id} incident={i} result={result} />)}
      <RecordForm errors={refused} />
    </>
  );
}
