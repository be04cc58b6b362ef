import { useRouteLoaderData } from "react-router";
import type { BusinessIdentity } from "#app/business/identity.ts";
import { BRAND_UNKNOWN, type Brand } from "#app/business/brand.ts";

type RootData = { business?: BusinessIdentity | null; brand?: Brand | null } | undefined;

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
 * The business's brand and links (app/business/brand.ts), as the root
 * loader read them; a page drawn without the root's data gets the built-in
 * images and no link (BRAND_UNKNOWN).
 */
export function useBrandSettings(): Brand {
  return (useRouteLoaderData("root") as RootData)?.brand ?? BRAND_UNKNOWN;
}

/**
 * The trading name for the header and the menu, which an error page draws
 * even when the root's data is missing (its loader failed): then none, and
 * the header shows the mark alone.
 */
export function useBrand(): string {
  return (useRouteLoaderData("root") as RootData)?.business?.tradeNameEn ?? "";
}
