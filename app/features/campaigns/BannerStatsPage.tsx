import { Form } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { TextField } from "#app/ui/Field.tsx";
import { useAdminT } from "#app/features/console/i18n.ts";
import type { BannerStats } from "#app/features/campaigns/banner-stats.server.ts";
import { PageTitle } from "#app/features/console/parts.tsx";
import styles from "#app/features/console/console.module.css";

/** Taps on the partner banners per partner per Seoul day: a table with a bar per day. */
export function BannerStatsPage({ stats, today }: { stats: BannerStats; today: string }) {
  const t = useAdminT();
  const share = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "0%");
  return (
    <>
      <PageTitle aside={<span className={styles.muted}>{t("time.zoneNote")}</span>}>{t("banners.title")}</PageTitle>
      <Form method="get" className={`${styles.card} ${styles.filters}`} aria-label={t("banners.range")}>
        <TextField label={t("inbox.from")} name="from" type="date" defaultValue={stats.from} max={today} />
        <TextField label={t("inbox.to")} name="to" type="date" defaultValue={stats.to} max={today} />
        <div className={styles.filterActions}>
          <Button type="submit">{t("inbox.apply")}</Button>
        </div>
      </Form>

      <section className={styles.card} aria-labelledby="banner-totals">
        <h2 id="banner-totals" className={styles.subtitle}>
          {t("banners.totals", { from: stats.from, to: stats.to })}
        </h2>
        <ul className={styles.bars}>
          {stats.partners.map((partner, i) => (
            <li key={partner}>
              <span className={styles.barLabel}>{partner}</span>
              <span className={styles.barTrack} aria-hidden="true">
                <span className={styles.bar} style={{ width: share(stats.totals[i] ?? 0, Math.max(...stats.totals, 0)) }} />
              </span>
              <span className={styles.barValue}>{stats.totals[i] ?? 0}</span>
            </li>
          ))}
        </ul>
        <p className={styles.muted}>{t("banners.total", { count: stats.total })}</p>
      </section>

      {/* Wide on a phone: the table scrolls sideways, so keyboard users must be able to focus it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.scrollX} tabIndex={0} role="region" aria-label={t("banners.perDay")}>
        <table className={`${styles.table} ${styles.numbers}`}>
          <caption className={styles.caption}>{t("banners.perDay")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("banners.day")}</th>
              {stats.partners.map((p) => (
                <th scope="col" key={p}>
                  {p}
                </th>
              ))}
              <th scope="col">{t("banners.dayTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {stats.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                {day.counts.map((n, i) => (
                  <td key={stats.partners[i]}>{n}</td>
                ))}
                <td>
                  <span className={styles.dayBar}>
                    <span className={styles.barTrack} aria-hidden="true">
                      <span className={styles.bar} style={{ width: share(day.total, stats.maxDay) }} />
                    </span>
                    <span>{day.total}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
