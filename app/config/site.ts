/**
 * The site's fixed links and pictures: partners' logos, social channels,
 * videos, the exchange branches. All values are clearly fictional samples
 * (example.com, 000-…). Who the business is (names, registrations, address,
 * phone, chat channels, certificate) is not here: it is the business's own
 * setting (app/business, the console's Business page). The partner banners,
 * the event popup and the products are operators' content in the database.
 */
export const site = {
  /**
   * The trading name where no page is at hand (the console's sign-in app
   * issuer, the API's title). Pages read the business's identity from the
   * database (app/business, the console's Business page).
   */
  brandName: "K-Loan Guide",
  /** How the office is drawn on the map (its position is the identity's). */
  office: { mapZoomLevel: 4, markerSize: 42, marker: "/images/map-marker.svg" },
  social: {
    facebook: [
      { key: "english", url: "https://www.facebook.com/example.kloanguide.en" },
      { key: "mongolia", url: "https://www.facebook.com/example.kloanguide.mn" },
      { key: "indonesia", url: "https://www.facebook.com/example.kloanguide.id" },
      { key: "vietnam", url: "https://www.facebook.com/example.kloanguide.vn" },
      { key: "uzbekistan", url: "https://www.facebook.com/example.kloanguide.uz" },
      { key: "philippines", url: "https://www.facebook.com/example.kloanguide.ph" },
    ],
    instagram: [
      { key: "indonesia", url: "https://www.instagram.com/example.kloanguide.id" },
      { key: "mongolia", url: "https://www.instagram.com/example.kloanguide.mn" },
    ],
    tiktok: "https://www.tiktok.com/@example.kloanguide",
  },
  blogPlatforms: [
    { key: "naver", url: "https://blog.example.com/kloanguide" },
    { key: "tistory", url: "https://kloanguide.example.org" },
    { key: "medium", url: "https://medium.example.net/@kloanguide" },
  ],
  external: {
    visaSupport: "https://visa.example.com",
    communityNews: "https://news.example.org/community",
    exchangeService: "https://exchange.example.com",
    exchangeReservation: "https://exchange.example.com/reservation",
  },
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
