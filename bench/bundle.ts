import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readClientManifest as readManifest, type ManifestEntry } from "../server/client-manifest.ts";

export { readManifest };

/**
 * First-load JavaScript and CSS per route, gzip, from the client build's
 * React Router manifest: what a visitor downloads when a route is the first
 * page they open (entry + root + the route's module and their imports).
 */
export interface RouteBundle {
  routeId: string;
  jsGzip: number;
  extraJsGzip: number;
  cssGzip: number;
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

function files(entry: ManifestEntry | undefined): string[] {
  return entry ? [entry.module, ...(entry.imports ?? [])] : [];
}

export function routeBundles(clientDir: string): { shared: { jsGzip: number; cssGzip: number; frameworkGzip: number }; routes: RouteBundle[] } {
  const manifest = readManifest(clientDir);
  const strip = (p: string) => p.replace(/^\//, "");
  const sharedJs = new Set([...files(manifest.entry), ...files(manifest.routes.root)].map(strip));
  const sharedCss = new Set((manifest.routes.root?.css ?? []).map(strip));
  const sum = (set: Iterable<string>) => [...set].reduce((n, f) => n + gzip(clientDir, f), 0);
  // The framework's part: the chunk vite.config.ts groups React, React DOM and React Router into.
  const frameworkGzip = sum([...sharedJs].filter((f) => /(^|\/)framework-[\w-]+\.js$/.test(f)));
  const routes: RouteBundle[] = [];
  for (const [routeId, route] of Object.entries(manifest.routes)) {
    if (routeId === "root") continue;
    const own = new Set(files(route).map(strip));
    const extra = [...own].filter((f) => !sharedJs.has(f));
    const css = new Set([...sharedCss, ...(route.css ?? []).map(strip)]);
    routes.push({ routeId, jsGzip: sum(new Set([...sharedJs, ...own])), extraJsGzip: sum(extra), cssGzip: sum(css) });
  }
  return { shared: { jsGzip: sum(sharedJs), cssGzip: sum(sharedCss), frameworkGzip }, routes };
}
