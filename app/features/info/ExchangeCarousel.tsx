import { useT } from "#app/i18n/useT.ts";
import { Carousel } from "#app/ui/Carousel.tsx";
import { carouselLabels } from "#app/features/site/carousel-labels.ts";
import styles from "./ExchangeCarousel.module.css";

const EXCHANGE_INTERVAL_MS = 2000;

interface Slide {
  id: string;
  image: string;
  name: string;
  area: string;
}

/** The branch photos (spec §2): a carousel (app/ui/Carousel.tsx) of five, every 2000 ms, looping. */
export function ExchangeCarousel({ slides }: { slides: Slide[] }) {
  const t = useT();
  return (
    <Carousel
      className={styles.carousel}
      trackClassName={styles.track}
      label={t("info.exchange.carousel.label")}
      labels={carouselLabels(t)}
      intervalMs={EXCHANGE_INTERVAL_MS}
      slideLabel={(n, total) => t("info.exchange.carousel.position", { n, total })}
      goToLabel={(n) => t("info.exchange.carousel.goTo", { n, name: slides[n - 1]?.name ?? "" })}
      slides={slides.map((slide, i) => ({
        key: slide.id,
        content: (
          <>
            <img
              className={styles.photo}
              src={slide.image}
              alt={slide.name}
              width={800}
              height={500}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              decoding="async"
            />
            <div className={styles.caption}>
              <strong>{slide.name}</strong>
              <span>{slide.area}</span>
            </div>
          </>
        ),
      }))}
    />
  );
}
