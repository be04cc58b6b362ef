/**
 * The site's fixed pictures: partners' logos, videos, the exchange
 * branches. All values are clearly fictional samples (example.com, 000-…).
 * Who the business is (names, registrations, address, phone, certificate)
 * and its brand and links (logo, favicon, share card, social, blog, visa,
 * news and exchange links, chat channels) are not here: they are the
 * business's own settings (app/business, the console's Business and Brand
 * pages). The partner banners, the event popup and the products are
 * operators' content in the database.
 */
export const site = {
  /** How the office is drawn on the map (its position is the identity's). */
  office: { mapZoomLevel: 4, markerSize: 42, marker: "/images/map-marker.svg" },
  /**
   * SAMPLE CONTENT: the five branches of the partner exchange service (spec
   * §9). Fictional branches in real areas where many foreign residents live;
   * names and places are in the `info` catalogs under exchange.branches.<id>.
   */
  exchangeBranches: [
    { id: "seoulStation", image: "/images/exchange/branch-1.svg" },
    { id: "ansan", image: "/images/exchange/branch-2.svg" },
    { id: "hwaseong", image: "/images/exchange/branch-3.svg" },
    { id: "gimhae", image: "/images/exchange/branch-4.svg" },
    { id: "daegu", image: "/images/exchange/branch-5.svg" },
  ],
  /** The tutorial videos of /our-products/loan, one per language of the toggle (see scripts/make-guide-videos.sh). */
  guideVideos: [
    { lang: "en", src: "/videos/loan-guide-en.mp4", poster: "/videos/loan-guide-en.webp" },
    { lang: "id", src: "/videos/loan-guide-id.mp4", poster: "/videos/loan-guide-id.webp" },
  ],
  /**
   * Who calls a visitor back (issue 28: the status page says it): the number
   * agents call from. When they call is the business calendar's (issue 36,
   * app/business/calendar.ts, edited on the console's Calendar page).
   */
  adviser: {
    phone: "1588-0000",
  },
  counter: {
    model: "iH-110S",
    salesPhone: "1588-0001",
  },
} as const;

/** `tel:` link for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
