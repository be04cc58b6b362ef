import { useRouteLoaderData } from "react-router";
import { SAMPLE_IDENTITY, type BusinessIdentity } from "#app/business/identity.ts";

/**
 * The business's identity in a component: the root loader reads it for
 * every page (app/root.tsx), so the footer, the header, the contact widget
 * and the pages show the stored values, never constants.
 */
export function useBusiness(): BusinessIdentity {
  const data = useRouteLoaderData("root") as { business?: BusinessIdentity } | undefined;
  return data?.business ?? SAMPLE_IDENTITY;
}
