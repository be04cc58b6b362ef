import type { ReactNode } from "react";
import { Form, Link, href } from "react-router";
import { Button, ButtonLink } from "#app/ui/Button.tsx";
import { SelectField, TextField } from "#app/ui/Field.tsx";
import { useAdminShell, useAdminT } from "#app/features/console/i18n.ts";
import { requestHref } from "#app/features/console/kinds.ts";
import { REQUEST_KINDS, REQUEST_STAGES, type RequestKind } from "#app/requests/kinds.ts";
import type { InboxFilter, InboxRow } from "#app/features/pipeline/inbox.server.ts";
import { KindLabel, PageTitle, Pager } from "#app/features/console/parts.tsx";
import { StageBadge } from "#app/features/pipeline/StageBadge.tsx";
import { ExportChoice } from "#app/features/pipeline/ExportPage.tsx";
import styles from "#app/features/console/console.module.css";
import { SourceLine } from "#app/features/attribution/SourceLine.tsx";
import type { SourceSummary } from "#app/features/attribution/console.server.ts";
import { ColumnHeads } from "#app/ui/Table.tsx";

interface InboxData {
  filter: InboxFilter;
  rows: InboxRow[];
  total: number;
  page: number;
  pages: number;
  newCounts: Record<RequestKind, number>;
  /** Where each listed request came from, keyed kind-id (issue 28). */
  sources: Record<string, SourceSummary>;
  today: string;
}

/**
 * Every request, newest first, with filters, search and the CSV export.
 * `warnings` are other features' banners above it (failing alert channels,
 * overdue rights requests): the route puts them there.
 */
export function InboxPage({ data, warnings }: { data: InboxData; warnings?: ReactNode }) {
  const t = useAdminT();
  const isAdmin = useAdminShell()?.operator?.role === "admin";
  const { filter } = data;
  const filtered = !!(filter.kind || filter.status || filter.from || filter.to || filter.q || filter.sort);
  return (
    <>
      {warnings}
      <PageTitle aside={<span className={styles.muted}>{t("time.zoneNote")}</span>}>{t("inbox.title")}</PageTitle>

      <ul className={styles.counters} aria-label={t("inbox.newCounts")}>
        {REQUEST_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={`${href("/admin")}?kind=${kind}&status=new`} className={styles.counter}>
              <span className={styles.counterNumber}>{data.newCounts[kind]}</span>
              <span>{t(`kind.${kind}`)}</span>
            </Link>
          </li>
        ))}
      </ul>

      <Form method="get" className={`${styles.card} ${styles.filters}`} role="search" aria-label={t("inbox.filters")}>
        <SelectField label={t("inbox.kind")} name="kind" defaultValue={filter.kind ?? ""}>
          <option value="">{t("inbox.allKinds")}</option>
          {REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("inbox.status")} name="status" defaultValue={filter.status ?? ""}>
          <option value="">{t("inbox.allStatuses")}</option>
          {REQUEST_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(`pipeline.stage.${stage}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t("inbox.from")} name="from" type="date" defaultValue={filter.from ?? ""} max={data.today} />
        <TextField label={t("inbox.to")} name="to" type="date" defaultValue={filter.to ?? ""} max={data.today} />
        <SelectField label={t("inbox.sort")} name="sort" defaultValue={filter.sort ?? ""}>
          <option value="">{t("inbox.sortNewest")}</option>
          <option value="fits">{t("inbox.sortFits")}</option>
        </SelectField>
        <div className={styles.wide}>
          <TextField
            label={t("inbox.search")}
            name="q"
            type="search"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            hint={t("inbox.searchHint")}
          />
        </div>
        <div className={styles.filterActions}>
          <Button type="submit">{t("inbox.apply")}</Button>
          {filtered ? (
            <ButtonLink to={href("/admin")} variant="secondary">
              {t("inbox.reset")}
            </ButtonLink>
          ) : null}
        </div>
      </Form>

      <p className={styles.muted} role="status">
        {t("inbox.count", { count: data.total })}
      </p>

      {data.rows.length ? (
        <table className={styles.table}>
          <caption className="visually-hidden">{t("inbox.title")}</caption>
          <ColumnHeads
            columns={[t("inbox.col.received"), t("inbox.col.kind"), t("inbox.col.name"), t("inbox.col.phone"), t("inbox.col.status")]}
          />
          <tbody>
            {data.rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`} className={row.unread ? styles.unread : undefined}>
                <td data-label={t("inbox.col.received")}>
                  <time dateTime={row.createdAt}>{row.received}</time>
                </td>
                <td data-label={t("inbox.col.kind")}>
                  <KindLabel kind={row.kind} />
                  <SourceLine source={data.sources[`${row.kind}-${row.id}`]} />
                </td>
                <td data-label={t("inbox.col.name")}>
                  <span>
                    <Link to={requestHref(row.kind, row.id)} className={styles.rowLink}>
                      {row.name || t("inbox.noName")}
                    </Link>
                    {row.unread ? <span className={styles.unreadBadge}>{t("inbox.unread")}</span> : null}
                    {row.check ? (
                      <span className={styles.unreadBadge}>{t("inbox.checkFits", { fits: row.check.fits, total: row.check.total })}</span>
                    ) : null}
                  </span>
                </td>
                <td data-label={t("inbox.col.phone")} className={styles.nowrap}>
                  {row.phone}
                </td>
                <td data-label={t("inbox.col.status")}>
                  <StageBadge stage={row.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.empty}>{filtered ? t("inbox.emptyFiltered") : t("inbox.empty")}</p>
      )}
      <Pager page={data.page} pages={data.pages} />

      {isAdmin ? <ExportForm defaults={filter} today={data.today} /> : null}
    </>
  );
}

/** The export of one kind over a date range: opens the export page (reason, columns, an encrypted file; issue 52). */
function ExportForm({ defaults, today }: { defaults: InboxFilter; today: string }) {
  const t = useAdminT();
  return (
    <section className={styles.card} aria-labelledby="export-title">
      <h2 id="export-title" className={styles.subtitle}>
        {t("export.title")}
      </h2>
      <p className={styles.muted}>{t("export.intro")}</p>
      <ExportChoice
        kind={defaults.kind ?? "consultation"}
        from={defaults.from ?? ""}
        to={defaults.to ?? ""}
        today={today}
        label={t("export.open")}
      />
    </section>
  );
}
