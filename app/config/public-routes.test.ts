import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { PUBLIC_PATHS, PUBLIC_ROUTES } from "#app/config/public-routes.ts";
import { PUBLIC_ROUTES as BENCH_ROUTES } from "#bench/budgets.ts";

/** Every route of app/routes.ts with its full path and module. */
function flattenRoutes(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.index || entry.path !== undefined ? [{ path: path || "/", file: entry.file }] : [];
    return [...own, ...flattenRoutes(entry.children ?? [], path)];
  });
}

// A public page: a module that renders (.tsx) outside the console, at a fixed path (not a catch-all).
const publicPages = flattenRoutes(routes)
  // A request's private status page (/status/:token) is no public page: never listed, crawled or benchmarked.
  .filter((r) => r.file.endsWith(".tsx") && !r.path.startsWith("/admin") && !r.path.includes("*") && !r.path.startsWith("/status/"))
  .map((r) => r.path);

describe("PUBLIC_ROUTES", () => {
  it("lists every public page route of app/routes.ts, once, and nothing else", () => {
    expect(new Set(PUBLIC_PATHS).size).toBe(PUBLIC_PATHS.length);
    expect([...PUBLIC_PATHS].sort()).toEqual([...publicPages].sort());
  });

  it("is the list the benchmark reads", () => {
    expect(BENCH_ROUTES).toEqual(PUBLIC_ROUTES.map((r) => r.path));
  });

  it("sees the routes it filters out (the check is not vacuous)", () => {
    const all = flattenRoutes(routes).map((r) => r.path);
    expect(all).toEqual(expect.arrayContaining(["/", "/admin/requests/:kind/:id", "/svc/og/list", "/sitemap.xml", "/admin", "/*"]));
  });
});
