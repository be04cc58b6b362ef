import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { publicCss, readClientManifest as readManifest, type ClientManifest, type ManifestEntry } from "#server/client-manifest.ts";

/**
 * First-load JavaScript and CSS per page, gzip, from the client build's
 * React Router manifest: what a visitor downloads when a page is the first
 * they open — the entry, and the module of every route that matches its URL
 * (root, layouts, the page) with their imports.
 */
export interface PageBundle {
  /** The URL pattern, e.g. `/company/about` or `/admin/requests/:kind/:id`. */
  path: string;
  routeId: string;
  jsGzip: number;
  /** Beyond what every page loads (entry + root). */
  extraJsGzip: number;
  /**
   * The CSS the page arrives with: for the public pages, the site's one
   * stylesheet (docs/decisions/0045); for the console, its stylesheets.
   */
  cssGzip: number;
  cssInline: boolean;
}

export interface Bundles {
  shared: { jsGzip: number; cssGzip: number; frameworkGzip: number; inlineCssGzip: number };
  pages: PageBundle[];
}

const gzSize = new Map<string, number>();
function gzip(clientDir: string, file: string): number {
  let size = gzSize.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
    gzSize.set(file, size);
  }
  return size;
}

const strip = (p: string) => p.replace(/^\//, "");
/** A stylesheet listed with a trailing `#` belongs to a module loaded later (`import()`): not part of the first load. */
const firstLoadCss = (entry: ManifestEntry | undefined) => (entry?.css ?? []).filter((f) => !f.endsWith("#")).map(strip);
const jsOf = (entry: ManifestEntry | undefined): string[] => (entry ? [entry.module, ...(entry.imports ?? [])].map(strip) : []);

/** The route and its ancestors, root first. */
function chainOf(manifest: ClientManifest, routeId: string): ManifestEntry[] {
  const chain: ManifestEntry[] = [];
  for (let route = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined)
    chain.unshift(route);
  return chain;
}

/** A route's URL pattern: its own segment under its parents' (index and layout routes add none). */
function pathOf(manifest: ClientManifest, routeId: string): string {
  const segments = chainOf(manifest, routeId)
    .map((r) => r.path ?? "")
    .filter(Boolean);
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

/** Every page (a route with a component and no child routes), with what its first load costs. */
export function pageBundles(clientDir: string): Bundles {
  const manifest = readManifest(clientDir);
  const sharedJs = new Set([...jsOf(manifest.entry), ...jsOf(manifest.routes.root)]);
  const sharedCss = new Set(firstLoadCss(manifest.routes.root));
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzip(clientDir, f), 0);
  // The framework's part: the chunk vite.config.ts groups React, React DOM and React Router into.
  const frameworkGzip = sum([...sharedJs].filter((f) => /(^|\/)framework-[\w-]+\.js$/.test(f)));
  // The site's stylesheet every public page links (the console is left out).
  const inlineCssGzip = gzipSync(publicCss(clientDir), { level: 9 }).length;
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId));
  const pages: PageBundle[] = [];
  for (const [routeId, route] of Object.entries(manifest.routes)) {
    if (routeId === "root" || parents.has(routeId) || !route.hasDefaultExport) continue;
    const chain = chainOf(manifest, routeId);
    const js = new Set([...sharedJs, ...chain.flatMap(jsOf)]);
    const css = new Set([...sharedCss, ...chain.flatMap(firstLoadCss)]);
    const cssInline = !routeId.startsWith("routes/admin");
    pages.push({
      path: pathOf(manifest, routeId),
      routeId,
      jsGzip: sum(js),
      extraJsGzip: sum([...js].filter((f) => !sharedJs.has(f))),
      cssGzip: cssInline ? inlineCssGzip : sum(css),
      cssInline,
    });
  }
  return { shared: { jsGzip: sum(sharedJs), cssGzip: sum(sharedCss), frameworkGzip, inlineCssGzip }, pages };
}
