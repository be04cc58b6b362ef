import { Form, Link, href } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { SelectField, TextArea, TextField } from "#app/ui/Field.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, Pager, PostForm } from "#app/features/console/parts.tsx";
import console from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";
import type { AccessFilter, AccessReview, SignedReview } from "./review.server.ts";
import { ACCESS_FLAGS, ACCESS_KINDS, REVIEW_INTERVALS, type ReviewInterval } from "./review.ts";
import styles from "./access.module.css";

export interface AccessReviewData {
  filter: AccessFilter;
  review: AccessReview;
  operators: { id: number; email: string }[];
  reviews: SignedReview[];
  interval: ReviewInterval;
}

export type AccessReviewResult =
  { signed: number } | { interval: ReviewInterval } | { errors: Record<string, string>; values: Record<string, string> };

/**
 * The privacy officer's review of the access records (issue 52): a period
 * filtered by operator, kind and flag; the flags counted; the period signed
 * off with findings and follow-up; the sign-offs so far; the interval.
 */
export function AccessReviewPage({ data, result }: { data: AccessReviewData; result?: AccessReviewResult }) {
  const t = useAdminT();
  const { filter, review } = data;
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : {};
  const err = (field: string) => (errors[field] ? t(errors[field] as AdminKey) : undefined);
  return (
    <>
      <PageTitle aside={<span className={console.muted}>{t("time.zoneNote")}</span>}>{t("access.title")}</PageTitle>
      {result && "signed" in result ? <Notice tone="ok">{t("access.signed")}</Notice> : null}
      {result && "interval" in result ? <Notice tone="ok">{t("access.intervalSaved")}</Notice> : null}
      {result && "errors" in result ? <Notice tone="error">{t("access.signError")}</Notice> : null}
      <Form method="get" className={`${console.card} ${console.filters}`} aria-label={t("access.filter")}>
        <TextField label={t("access.from")} name="from" type="date" defaultValue={filter.from} />
        <TextField label={t("access.to")} name="to" type="date" defaultValue={filter.to} />
        <SelectField label={t("access.operator")} name="operator" defaultValue={filter.operator ?? ""}>
          <option value="">{t("access.allOperators")}</option>
          {data.operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.email}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("access.kind")} name="kind" defaultValue={filter.kind ?? ""}>
          <option value="">{t("access.allKinds")}</option>
          {ACCESS_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`access.kind.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("access.flag")} name="flag" defaultValue={filter.flag ?? ""}>
          <option value="">{t("access.allFlags")}</option>
          {ACCESS_FLAGS.map((f) => (
            <option key={f} value={f}>
              {t(`access.flag.${f}`)}
            </option>
          ))}
        </SelectField>
        <div className={console.filterActions}>
          <Button type="submit">{t("inbox.apply")}</Button>
        </div>
      </Form>
      <p className={console.muted} role="status">
        {t("access.count", { count: review.total, total: review.periodTotal })}
      </p>
      <ul className={styles.summary} aria-label={t("access.flagSummary")}>
        {ACCESS_FLAGS.map((f) => (
          <li key={f}>
            {t(`access.flag.${f}`)}: <strong>{review.flagCounts[f]}</strong>
          </li>
        ))}
      </ul>
      {review.truncated ? <Notice tone="error">{t("access.truncated")}</Notice> : null}
      {review.rows.length ? (
        <table className={console.table}>
          <caption className="visually-hidden">{t("access.title")}</caption>
          <ColumnHeads
            columns={[
              t("access.col.at"),
              t("access.col.operator"),
              t("access.col.ip"),
              t("access.col.kind"),
              t("access.col.records"),
              t("access.col.flags"),
            ]}
          />
          <tbody>
            {review.rows.map((r) => (
              <tr key={r.id}>
                <td data-label={t("access.col.at")} className={console.nowrap}>
                  {r.at}
                </td>
                <td data-label={t("access.col.operator")} className={styles.records}>
                  {r.operator} <span className={console.muted}>({t(`operators.role.${r.role as "admin" | "agent" | "officer"}`)})</span>
                </td>
                <td data-label={t("access.col.ip")}>{r.ip}</td>
                <td data-label={t("access.col.kind")}>
                  {t(`access.kind.${r.kind}`)}
                  {r.term ? ` “${r.term}”` : ""}
                  {r.detail ? <span className={console.muted}> {r.detail}</span> : null}
                </td>
                <td data-label={t("access.col.records")} className={styles.records}>
                  {r.count ? `${t("access.recordCount", { count: r.count })} ${r.records}` : t("access.noRecords")}
                </td>
                <td data-label={t("access.col.flags")}>
                  {r.flags.length ? (
                    <ul className={styles.flags}>
                      {r.flags.map((f) => (
                        <li key={f} className={styles.flag}>
                          {t(`access.flag.${f}`)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={console.empty}>{t("access.empty")}</p>
      )}
      <Pager page={review.page} pages={review.pages} />

      <section aria-labelledby="access-sign-off" className={console.card}>
        <h2 id="access-sign-off">{t("access.signOff")}</h2>
        <p className={console.muted}>
          {t("access.signOffHint", { from: filter.from, to: filter.to, count: review.periodTotal, flagged: review.flaggedTotal })}
        </p>
        <PostForm intent="sign_off" className={styles.signOff}>
          <TextField
            label={t("access.from")}
            name="from"
            type="date"
            required
            defaultValue={values.from ?? filter.from}
            error={err("from")}
            requiredLabel={t("form.required")}
          />
          <TextField
            label={t("access.to")}
            name="to"
            type="date"
            required
            defaultValue={values.to ?? filter.to}
            error={err("to")}
            requiredLabel={t("form.required")}
          />
          <TextArea
            label={t("access.findings")}
            name="findings"
            required
            rows={4}
            defaultValue={values.findings ?? ""}
            error={err("findings")}
            requiredLabel={t("form.required")}
          />
          <TextArea label={t("access.followUp")} name="follow_up" rows={3} defaultValue={values.follow_up ?? ""} error={err("follow_up")} />
          <div>
            <Button type="submit">{t("access.signButton")}</Button>
          </div>
        </PostForm>
      </section>

      <section aria-labelledby="access-reviews">
        <h2 id="access-reviews">{t("access.reviews")}</h2>
        {data.reviews.length ? (
          <ul className={styles.reviews}>
            {data.reviews.map((r) => (
              <li key={r.id}>
                <strong>
                  {r.from} – {r.to}
                </strong>{" "}
                {t("access.reviewLine", { reviewer: r.reviewer, at: r.signedAt, count: r.records, flagged: r.flagged })}
                <p>{r.findings}</p>
                {r.followUp ? <p className={console.muted}>{r.followUp}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={console.empty}>{t("access.noReviews")}</p>
        )}
      </section>

      <section aria-labelledby="access-interval" className={console.card}>
        <h2 id="access-interval">{t("access.interval")}</h2>
        <PostForm intent="interval" className={styles.signOff}>
          <SelectField label={t("access.intervalLabel")} name="interval" defaultValue={data.interval}>
            {REVIEW_INTERVALS.map((i) => (
              <option key={i} value={i}>
                {t(`access.interval.${i}`)}
              </option>
            ))}
          </SelectField>
          <div>
            <Button type="submit">{t("form.save")}</Button>
          </div>
        </PostForm>
        <p>
          <Link to={href("/admin/destruction")}>{t("destruction.title")}</Link>
        </p>
      </section>
    </>
  );
}

/** The inbox's warning while the access records' last review is older than the business's interval (issue 52). */
export function ReviewOverdueWarning({ overdue }: { overdue: { since: string | null; interval: ReviewInterval } | null }) {
  const t = useAdminT();
  if (!overdue) return null;
  return (
    <div data-testid="access-review-overdue">
      <Notice tone="error">
        {overdue.since
          ? t("access.overdue", { since: overdue.since, interval: t(`access.interval.${overdue.interval}`) })
          : t("access.overdueNever", { interval: t(`access.interval.${overdue.interval}`) })}
      </Notice>
    </div>
  );
}
