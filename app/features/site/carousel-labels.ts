import type { TFunction } from "#app/i18n/useT.ts";
import type { CarouselLabels } from "#app/ui/Carousel.tsx";

/**
 * The words every carousel of the site says to assistive technology, from the
 * `common` catalog (sent with every page, in its language).
 */
export function carouselLabels(t: TFunction): CarouselLabels {
  return {
    carousel: t("common.carousel.role"),
    slide: t("common.carousel.slide"),
    pause: t("common.rotation.pause"),
    play: t("common.rotation.play"),
  };
}
