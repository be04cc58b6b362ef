import { useAdminT } from "#app/features/console/i18n.ts";
import type { FunnelRow, SourceFunnel } from "#app/features/attribution/funnel.server.ts";
import styles from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";

const n = (value: number | null) => (value === null ? "—" : String(value));

function Table({ caption, first, rows }: { caption: string; first: string; rows: FunnelRow[] }) {
  const t = useAdminT();
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <ColumnHeads columns={[first, t("funnel.taps"), t("funnel.requests"), t("funnel.consulted"), t("funnel.approved")]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" data-label={first}>
              {row.key}
            </th>
            <td data-label={t("funnel.taps")}>{n(row.taps)}</td>
            <td data-label={t("funnel.requests")}>{row.requests}</td>
            <td data-label={t("funnel.consulted")}>{row.consulted}</td>
            <td data-label={t("funnel.approved")}>{row.approved}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Taps → loan requests → consulted → approved, per banner and per source, for the page's period (issue 28). */
export function SourceFunnelTable({ funnel }: { funnel: SourceFunnel }) {
  const t = useAdminT();
  return (
    <section aria-labelledby="funnel-title">
      <h2 id="funnel-title">{t("funnel.title")}</h2>
      <p className={styles.muted}>{t("funnel.intro")}</p>
      <Table caption={t("funnel.byBanner")} first={t("funnel.banner")} rows={funnel.banners} />
      <Table caption={t("funnel.bySource")} first={t("funnel.source")} rows={funnel.sources} />
    </section>
  );
}
