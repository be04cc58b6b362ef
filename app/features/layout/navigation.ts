/**
 * The menu (spec §2): three groups, each link with its catalog key. The
 * `/company/hitachi` item is Korean in every language (its audience is Korean
 * businesses), so its label lives in the catalogs as Korean text.
 */
interface NavItem {
  to: string;
  labelKey: string;
}
interface NavGroup {
  id: string;
  titleKey: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    id: "company",
    titleKey: "common.menu.company",
    items: [
      { to: "/company/about", labelKey: "common.menu.about" },
      { to: "/company/our-partners", labelKey: "common.menu.ourPartners" },
      { to: "/company/contact-us", labelKey: "common.menu.contactUs" },
      { to: "/company/location", labelKey: "common.menu.location" },
      { to: "/company/hitachi", labelKey: "common.menu.hitachi" },
    ],
  },
  {
    id: "information",
    titleKey: "common.menu.informationService",
    items: [
      { to: "/information-service/social-channels", labelKey: "common.menu.socialChannels" },
      { to: "/information-service/blogs", labelKey: "common.menu.blogs" },
      { to: "/information-service/currency-exchange", labelKey: "common.menu.currencyExchange" },
      { to: "/information-service/loan", labelKey: "common.menu.loan" },
      { to: "/information-service/loan-faq", labelKey: "common.menu.loanFaq" },
    ],
  },
  {
    id: "products",
    titleKey: "common.menu.ourProducts",
    items: [{ to: "/our-products/loan", labelKey: "common.menu.productLoan" }],
  },
];

/** Spec §2: no menu button on the consultation flow. */
export function hidesMenuButton(pathname: string): boolean {
  return (
    pathname === "/loan-consultation" ||
    pathname.startsWith("/loan-consultation/") ||
    pathname.startsWith("/loan-consultation-")
  );
}
