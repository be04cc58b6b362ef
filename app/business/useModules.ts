import { useRouteLoaderData } from "react-router";
import { DEFAULT_MODULES, type BusinessModules } from "#app/business/modules.ts";

/**
 * The lines of business switched on, in a component: the root loader reads
 * them for every page (app/root.tsx), so the menu offers only what the
 * business runs. An error page without the root's data: the defaults.
 */
export function useModules(): BusinessModules {
  return (useRouteLoaderData("root") as { modules?: BusinessModules } | undefined)?.modules ?? DEFAULT_MODULES;
}
