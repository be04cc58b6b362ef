import { useT } from "#app/i18n/useT.ts";
import { Section } from "#app/ui/Section.tsx";
import { StarRating } from "#app/ui/StarRating.tsx";
import { Carousel } from "#app/ui/Carousel.tsx";
import { carouselLabels } from "#app/features/site/carousel-labels.ts";
import type { PublicReviews } from "#app/features/home-claims/model.ts";
import styles from "./Testimonials.module.css";

/** Spec §4, §9: one slide per view, 16px apart, a new one every 2000 ms. */
const TESTIMONIAL_INTERVAL_MS = 2000;

/**
 * The testimonials (issue 35, item 4): the reviews operators entered, each
 * in the visitor's language when translated (and marked so), else in the
 * customer's own; a review something was given for says so. The overall
 * rating is the mean of the reviews shown, computed, never written.
 */
export function Testimonials({ reviews }: { reviews: PublicReviews }) {
  const t = useT();
  return (
    <Section className={styles.section} aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className={styles.title}>
        <span>{t("home.testimonials.realPeople")}</span> <span className={styles.accent}>{t("home.testimonials.realResults")}</span>
      </h2>
      <StarRating
        rating={reviews.mean}
        size={22}
        label={t("home.testimonials.overall", { rating: reviews.average, count: reviews.count })}
      />
      <Carousel
        label={t("home.testimonials.label")}
        labels={carouselLabels(t)}
        intervalMs={TESTIMONIAL_INTERVAL_MS}
        trackClassName={styles.track}
        slideClassName={styles.slide}
        slideLabel={(n, total) => t("home.testimonials.slide", { n, total })}
        slides={reviews.list.map((review) => ({
          key: String(review.id),
          content: (
            <>
              <div className={styles.who}>
                <img
                  src={`/images/flags/${review.country}.svg`}
                  width={30}
                  height={20}
                  loading="lazy"
                  decoding="async"
                  alt={t(`home.testimonials.countries.${review.country}`)}
                  className={styles.flag}
                />
                <span className={styles.name}>{review.name}</span>
              </div>
              <StarRating rating={review.rating} size={16} label={t("home.testimonials.rating", { rating: review.rating })} />
              <blockquote className={styles.quote} lang={review.lang}>
                <p>{review.text}</p>
              </blockquote>
              {review.translatedFrom ? (
                <p className={styles.note}>{t(`home.testimonials.translatedFrom.${review.translatedFrom}`)}</p>
              ) : null}
              {review.incentive ? <p className={styles.disclosure}>{t("home.testimonials.incentive")}</p> : null}
            </>
          ),
        }))}
      />
    </Section>
  );
}
