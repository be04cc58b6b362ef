import { href } from "react-router";
import type { BusinessModule, BusinessModules } from "#app/business/modules.ts";
/**
 * The menu (spec §2): three groups, each link with its catalog key. The
 * `/company/hitachi` item is Korean in every language (its audience is Korean
 * businesses), so its label lives in the catalogs as Korean text. An item
 * of a line of business (`module`) is offered only while it is switched on.
 */
interface NavItem {
  to: string;
  labelKey: string;
  module?: BusinessModule;
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
      { to: href("/company/about"), labelKey: "common.menu.about" },
      { to: href("/company/our-partners"), labelKey: "common.menu.ourPartners" },
      { to: href("/company/contact-us"), labelKey: "common.menu.contactUs" },
      { to: href("/company/location"), labelKey: "common.menu.location" },
      { to: href("/company/hitachi"), labelKey: "common.menu.hitachi", module: "counter" },
    ],
  },
  {
    id: "information",
    titleKey: "common.menu.informationService",
    items: [
      { to: href("/information-service/social-channels"), labelKey: "common.menu.socialChannels" },
      { to: href("/information-service/blogs"), labelKey: "common.menu.blogs" },
      { to: href("/information-service/currency-exchange"), labelKey: "common.menu.currencyExchange" },
      { to: href("/information-service/loan"), labelKey: "common.menu.loan" },
      { to: href("/information-service/loan-faq"), labelKey: "common.menu.loanFaq" },
    ],
  },
  {
    id: "products",
    titleKey: "common.menu.ourProducts",
    items: [
      { to: href("/our-products/loan"), labelKey: "common.menu.productLoan" },
      { to: href("/our-products/repayment-calculator"), labelKey: "common.menu.repaymentCalculator" },
      { to: href("/our-products/eligibility"), labelKey: "common.menu.eligibility" },
    ],
  },
];

/** The menu's groups with the items of the lines of business switched off left out (issue 47). */
export function navGroupsFor(modules: BusinessModules): NavGroup[] {
  return NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter((item) => !item.module || modules[item.module]) }));
}

/** Spec §2: no menu button on the consultation flow. */
export function hidesMenuButton(pathname: string): boolean {
  return pathname === "/loan-consultation" || pathname.startsWith("/loan-consultation/") || pathname.startsWith("/loan-consultation-");
}
