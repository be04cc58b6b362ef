import { useRouteLoaderData } from "react-router";
import type { BusinessIdentity } from "#app/business/identity.ts";
import { site } from "#app/config/site.ts";

/**
 * The business's identity in a component: the root loader reads it for
 * every page (app/root.tsx), so the footer, the header, the contact widget
 * and the pages show the stored values, never constants. (The frame is drawn
 * only with the root's data, so it is always there.)
 */
export function useBusiness(): BusinessIdentity {
  return (useRouteLoaderData("root") as { business: BusinessIdentity }).business;
}

/**
 * The trading name for the header and the menu, which an error page draws
 * even when the root's data is missing (its loader failed): then the
 * product's own name.
 */
export function useBrand(): string {
  return (useRouteLoaderData("root") as { business?: BusinessIdentity } | undefined)?.business?.tradeNameEn ?? site.brandName;
}
