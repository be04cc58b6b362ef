import { Form, href } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField, TextField } from "#app/ui/Field.tsx";
import { useAdminLocale, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle } from "#app/features/console/parts.tsx";
import { ATTEMPT_BUCKETS, NOT_REACHED, SPLITS, UNKNOWN, type Split } from "#app/features/reports/figures.ts";
import type { Report, SegmentReport } from "#app/features/reports/reports.server.ts";
import styles from "#app/features/console/console.module.css";

interface ReportsData {
  report: Report;
  error?: AdminKey;
  today: string;
}

/** One row of a figure's table: its label (a row header) and its cells. */
interface FigureRow {
  key: string;
  label: string;
  cells: string[];
}

/** A figure for one segment as a real table: a caption, column headers, row headers. */
function FigureTable({ caption, head, rows }: { caption: string; head: string[]; rows: FigureRow[] }) {
  return (
    <table className={`${styles.table} ${styles.numbers}`}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function useFormats() {
  const t = useAdminT();
  const locale = useAdminLocale();
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return {
    n: (value: number | null) => (value === null ? "—" : count.format(value)),
    share: (value: number | null) => (value === null ? "—" : percent.format(value)),
    /** A wait as days, hours and minutes (whole minutes). */
    wait: (ms: number | null) => {
      if (ms === null) return "—";
      const minutes = Math.round(ms / 60_000);
      const d = Math.floor(minutes / 1440);
      const h = Math.floor((minutes % 1440) / 60);
      const m = minutes % 60;
      if (d) return t("reports.wait.days", { d, h, m });
      if (h) return t("reports.wait.hours", { h, m });
      return t("reports.wait.minutes", { m });
    },
  };
}

/** A segment's name in a caption: the whole period, or a language or visa type. */
function useSegmentName(split: Split) {
  const t = useAdminT();
  return (segment: SegmentReport, index: number) => {
    const count = t("reports.requests", { count: segment.requests });
    if (index === 0) return `${t("reports.segment.all")} · ${count}`;
    const value =
      segment.value === UNKNOWN ? t("reports.unknown") : split === "lang" ? t(`lang.${segment.value}` as AdminKey) : segment.value;
    return `${t(`reports.by.${split}` as AdminKey)}: ${value} · ${count}`;
  };
}

/** The pipeline's figures for a period (issue 26, item 4): every table once per segment of the chosen split. */
export function ReportsPage({ data }: { data: ReportsData }) {
  const t = useAdminT();
  const f = useFormats();
  const { report } = data;
  const name = useSegmentName(report.split);
  const csv = `${href("/admin/reports/pipeline.csv")}?${new URLSearchParams({ from: report.period.from, to: report.period.to })}`;
  return (
    <>
      <PageTitle aside={<span className={styles.muted}>{t("reports.daysNote")}</span>}>{t("reports.title")}</PageTitle>
      {data.error ? <Notice tone="error">{t(data.error)}</Notice> : null}
      <Form method="get" className={`${styles.card} ${styles.filters}`} aria-label={t("reports.filter")}>
        <TextField label={t("reports.from")} name="from" type="date" defaultValue={report.period.from} max={data.today} />
        <TextField label={t("reports.to")} name="to" type="date" defaultValue={report.period.to} />
        <SelectField label={t("reports.split")} name="by" defaultValue={report.split}>
          {SPLITS.map((s) => (
            <option key={s} value={s}>
              {t(`reports.by.${s}` as AdminKey)}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit">{t("reports.apply")}</Button>
        </div>
      </Form>
      <p className={styles.muted} role="status">
        {t("reports.period", { from: report.period.from, to: report.period.to })} · <a href={csv}>{t("reports.csv")}</a>
      </p>

      <section aria-labelledby="reports-stages">
        <h2 id="reports-stages">{t("reports.stages.title")}</h2>
        <p className={styles.muted}>{t("reports.stages.help")}</p>
        {report.segments.map((segment, i) => (
          <FigureTable
            key={segment.value}
            caption={name(segment, i)}
            head={[t("reports.col.stage"), t("reports.col.reached"), t("reports.col.now"), t("reports.col.toNext")]}
            rows={segment.funnel.map((row) => ({
              key: row.stage,
              label: t(`pipeline.stage.${row.stage}` as AdminKey),
              cells: [f.n(row.reached), f.n(row.now), f.share(row.toNext)],
            }))}
          />
        ))}
      </section>

      <section aria-labelledby="reports-closed">
        <h2 id="reports-closed">{t("reports.closed.title")}</h2>
        {report.segments.map((segment, i) => (
          <FigureTable
            key={segment.value}
            caption={name(segment, i)}
            head={[t("reports.col.reason"), t("reports.col.requests"), t("reports.col.share")]}
            rows={segment.closedReasons.map((row) => ({
              key: row.key,
              label: row.key === UNKNOWN ? t("reports.unknown") : t(`pipeline.reason.${row.key}` as AdminKey),
              cells: [f.n(row.n), f.share(row.share)],
            }))}
          />
        ))}
      </section>

      <section aria-labelledby="reports-first-call">
        <h2 id="reports-first-call">{t("reports.firstCall.title")}</h2>
        <p className={styles.muted}>{t("reports.firstCall.help")}</p>
        {report.segments.map((segment, i) => (
          <FigureTable
            key={segment.value}
            caption={name(segment, i)}
            head={[t("reports.col.figure"), t("reports.col.allHours"), t("reports.col.callingHours")]}
            rows={[
              {
                key: "median",
                label: t("reports.median"),
                cells: [f.wait(segment.firstCall.medianMs), f.wait(segment.firstCall.callingMedianMs)],
              },
              { key: "p90", label: t("reports.p90"), cells: [f.wait(segment.firstCall.p90Ms), f.wait(segment.firstCall.callingP90Ms)] },
              { key: "called", label: t("reports.called"), cells: [f.n(segment.firstCall.called), ""] },
              { key: "notCalled", label: t("reports.notCalled"), cells: [f.n(segment.firstCall.notCalled), ""] },
            ]}
          />
        ))}
      </section>

      <section aria-labelledby="reports-attempts">
        <h2 id="reports-attempts">{t("reports.attempts.title")}</h2>
        {report.segments.map((segment, i) => (
          <FigureTable
            key={segment.value}
            caption={name(segment, i)}
            head={[t("reports.col.attempts"), t("reports.col.requests"), t("reports.col.share")]}
            rows={segment.attempts.map((row) => ({
              key: row.key,
              label:
                row.key === NOT_REACHED
                  ? t("reports.notReached")
                  : row.key === String(ATTEMPT_BUCKETS)
                    ? t("reports.orMore", { count: row.key })
                    : row.key,
              cells: [f.n(row.n), f.share(row.share)],
            }))}
          />
        ))}
      </section>

      <section aria-labelledby="reports-outcomes">
        <h2 id="reports-outcomes">{t("reports.outcomes.title")}</h2>
        {report.segments.map((segment, i) => (
          <FigureTable
            key={segment.value}
            caption={name(segment, i)}
            head={[t("reports.col.outcome"), t("reports.col.calls"), t("reports.col.share")]}
            rows={segment.outcomes.map((row) => ({
              key: row.key,
              label: t(`calls.outcome.${row.key}` as AdminKey),
              cells: [f.n(row.n), f.share(row.share)],
            }))}
          />
        ))}
      </section>

      <section aria-labelledby="reports-texts">
        <h2 id="reports-texts">{t("reports.texts.title")}</h2>
        <p className={styles.muted}>{t("reports.texts.help")}</p>
        {report.texts.length ? (
          <FigureTable
            caption={t("reports.texts.caption")}
            head={[
              t("reports.col.month"),
              t("reports.col.sent"),
              t("reports.col.delivered"),
              t("reports.col.failed"),
              t("reports.col.cost"),
            ]}
            rows={report.texts.map((m) => ({
              key: m.month,
              label: m.month,
              cells: [f.n(m.sent), f.n(m.delivered), f.n(m.failed), t("reports.won", { won: f.n(m.costWon) })],
            }))}
          />
        ) : (
          <p>{t("reports.texts.none")}</p>
        )}
      </section>
    </>
  );
}
