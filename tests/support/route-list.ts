import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

/** A route module of app/routes.ts and the URL pattern it answers. */
export interface RouteFile {
  file: string;
  path: string;
}

/** Every route module of app/routes.ts (layouts included), with the URL pattern it answers: a new route cannot escape a walk over it. */
export function routeFiles(entries: readonly RouteConfigEntry[] = routes, parent = ""): RouteFile[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return [{ file: entry.file, path }, ...routeFiles(entry.children ?? [], path)];
  });
}

/** A plausible value for each URL parameter of the routes. */
export const PARAMS: Record<string, string> = { token: "a".repeat(43), id: "1", slug: "x", kind: "privacy", key: "x", "*": "x" };

/** The URL of a pattern, each parameter given its plausible value (or `given`'s). */
export function withParams(path: string, given: Record<string, string> = {}): string {
  const values = { ...PARAMS, ...given };
  return (path || "/").replace(/:(\w+)\??|\*/g, (_m, name: string | undefined) => values[name ?? "*"] ?? "x");
}

/** The parameters of a pattern, each given its plausible value. */
export function paramsOf(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, PARAMS[m[1]!] ?? "x"]));
}
