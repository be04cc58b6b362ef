import { Link, href, useNavigation } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { Checkbox, TextField } from "#app/ui/Field.tsx";
import { useAdminLocale, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import { LocaleFields, formState, useFieldProps } from "#app/features/console/locale-fields.tsx";
import { FIGURES, averageRating, type ClaimSection } from "#app/features/home-claims/model.ts";
import { SOURCE_MAX, figureField, sourceField } from "#app/features/home-claims/schema.ts";
import type { AdminClaims, AdminReview } from "#app/features/home-claims/home-claims.server.ts";
import type { ClaimsFormResult } from "#app/features/home-claims/actions.server.ts";
import { formatSeoul } from "#app/lib/seoul-time.ts";
import admin from "#app/features/console/console.module.css";
import styles from "./claims.module.css";

/** "Sample: not confirmed", or who confirmed it and when (Korea time). */
export function ClaimState({ confirmed }: { confirmed: { at: string; by: string } | null }) {
  const t = useAdminT();
  return confirmed ? (
    <span className={`${styles.state} ${styles.confirmed}`}>
      {t("claims.state.confirmed", { by: confirmed.by, at: formatSeoul(confirmed.at) })}
    </span>
  ) : (
    <span className={`${styles.state} ${styles.sample}`}>{t("claims.state.sample")}</span>
  );
}

/** A section's place on the home page, and the button that hides or shows it. */
function SectionSwitch({ section, hidden }: { section: ClaimSection; hidden: boolean }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <PostForm preventScrollReset className={admin.toolbar}>
      <input type="hidden" name="section" value={section} />
      <span className={hidden ? styles.hidden : undefined}>{hidden ? t("claims.section.hidden") : t("claims.section.shown")}</span>
      <Button type="submit" name="intent" value={hidden ? "show" : "hide"} variant="secondary" disabled={busy}>
        {hidden ? t("claims.show") : t("claims.hide")}
      </Button>
    </PostForm>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const t = useAdminT();
  return (
    <li className={admin.card}>
      <h3 className={admin.subsubtitle}>
        {review.name} · {"★".repeat(review.rating)}
        {review.hidden ? <span className={`${styles.state} ${styles.hidden}`}> {t("claims.review.hiddenBadge")}</span> : null}
      </h3>
      <p className={styles.quote} lang={review.originalLang}>
        {review.quote}
      </p>
      <p className={admin.muted}>
        <ClaimState confirmed={review.confirmed} /> ·{" "}
        {review.consentDate ? t("claims.review.consent", { date: review.consentDate }) : t("claims.review.noConsent")}
        {review.incentive ? ` · ${t("claims.review.incentiveBadge")}` : ""}
      </p>
      {review.untranslated.length ? (
        <p className={admin.muted}>
          {t("claims.review.untranslated", { langs: review.untranslated.map((l) => t(`campaigns.lang.${l}`)).join(", ") })}
        </p>
      ) : null}
      <Link to={href("/admin/home-claims/reviews/:id", { id: String(review.id) })}>
        {t("claims.review.edit")}
        <span className="visually-hidden"> {review.name}</span>
      </Link>
    </li>
  );
}

/**
 * The home page's figures and reviews (issue 35, item 4): each section's
 * place on the page, the four figures in one form (they are checked
 * together), and the list of reviews.
 */
export function ClaimsPage({ claims, result }: { claims: AdminClaims; result?: ClaimsFormResult }) {
  const t = useAdminT();
  const number = new Intl.NumberFormat(useAdminLocale());
  const busy = useNavigation().state === "submitting";
  const state = formState(result && "form" in result ? result : undefined);
  const field = useFieldProps(state, claims.figureValues);
  const confirmAll = state ? state.values.confirm === "on" : claims.figureValues.confirm === "on";
  const required = { required: true, requiredLabel: t("form.required") };
  const shown = claims.reviews.filter((r) => !r.hidden);
  const average = averageRating(shown.map((r) => r.rating));
  return (
    <>
      <PageTitle>{t("claims.title")}</PageTitle>
      <p className={admin.muted}>{t("claims.intro")}</p>
      {result && "ok" in result ? <Notice tone="ok">{t(`claims.done.${result.ok}` as AdminKey)}</Notice> : null}
      {result && "error" in result ? <Notice tone="error">{t("claims.error.missing")}</Notice> : null}
      {state ? <Notice tone="error">{t("claims.errorSummary")}</Notice> : null}

      <section className={`${admin.card} ${admin.stack}`} aria-labelledby="figures-title">
        <h2 id="figures-title" className={admin.subtitle}>
          {t("claims.figures.title")}
        </h2>
        <SectionSwitch section="figures" hidden={claims.hidden.figures} />
        <p className={admin.muted}>{t("claims.figures.intro")}</p>
        <p className={admin.muted}>
          {claims.minAmount === null ? t("claims.noProduct") : t("claims.minAmount", { amount: number.format(claims.minAmount) })}
        </p>
        <p className={admin.muted}>
          {t("claims.records", {
            requests: number.format(claims.records.requests),
            approved: number.format(claims.records.approved),
            amount: number.format(claims.records.approvedAmount),
          })}
        </p>
        <PostForm intent="figures" className={admin.stack} noValidate>
          {FIGURES.map((key) => (
            <fieldset key={key} className={styles.figure}>
              <legend className={admin.subsubtitle}>{t(`claims.figure.${key}`)}</legend>
              <ClaimState confirmed={claims.figures.find((f) => f.key === key)?.confirmed ?? null} />
              {key === "requests" ? <p className={admin.muted}>{t("claims.figure.requestsNote")}</p> : null}
              <div className={styles.pair}>
                <TextField
                  label={t("claims.field.value")}
                  inputMode={key === "approval_rate" ? "decimal" : "numeric"}
                  {...required}
                  {...field(figureField(key, "value"))}
                />
                <TextField label={t("claims.field.asOf")} type="date" {...required} {...field(figureField(key, "as_of"))} />
              </div>
              <LocaleFields
                fields={(locale) => (
                  <TextField
                    label={t("claims.field.source")}
                    maxLength={SOURCE_MAX}
                    {...(locale === "en" ? required : {})}
                    {...field(sourceField(key, locale))}
                  />
                )}
              />
            </fieldset>
          ))}
          <Checkbox name="confirm" label={t("claims.field.confirmFigures")} defaultChecked={confirmAll} />
          <div className={admin.toolbar}>
            <Button type="submit" disabled={busy}>
              {t("claims.saveFigures")}
            </Button>
          </div>
        </PostForm>
      </section>

      <section className={`${admin.card} ${admin.stack}`} aria-labelledby="reviews-title">
        <h2 id="reviews-title" className={admin.subtitle}>
          {t("claims.reviews.title")}
        </h2>
        <SectionSwitch section="reviews" hidden={claims.hidden.reviews} />
        <p className={admin.muted}>{t("claims.reviews.intro")}</p>
        {average !== null ? <p>{t("claims.reviews.average", { count: shown.length, average: number.format(average) })}</p> : null}
        <p>
          <Link to={href("/admin/home-claims/reviews/:id", { id: "new" })}>{t("claims.reviews.add")}</Link>
        </p>
        {claims.reviews.length ? (
          <ol className={admin.cardList}>
            {claims.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ol>
        ) : (
          <p className={admin.muted}>{t("claims.reviews.empty")}</p>
        )}
      </section>
    </>
  );
}
