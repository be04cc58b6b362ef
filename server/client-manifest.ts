import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** React Router's client manifest (build/client/assets/manifest-*.js). */
export interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
  path?: string;
  index?: boolean;
  parentId?: string;
  /** False for resource routes (no component). */
  hasDefaultExport?: boolean;
}
export interface ClientManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

export function readClientManifest(clientDir: string): ClientManifest {
  const dir = join(clientDir, "assets");
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no React Router manifest in build/client/assets: run `npm run build`");
  const source = readFileSync(join(dir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as ClientManifest;
}

/**
 * All the CSS the public pages use, root first, as one string to inline in
 * every page's <head> (docs/decisions/0009). The operator console's CSS is
 * left out: it loads its own stylesheets.
 */
export function publicCss(clientDir: string): string {
  const manifest = readClientManifest(clientDir);
  const ordered: string[] = [];
  const add = (href: string) => {
    if (!ordered.includes(href)) ordered.push(href);
  };
  (manifest.routes.root?.css ?? []).forEach(add);
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id.startsWith("routes/admin")) continue;
    (route.css ?? []).forEach(add);
  }
  return ordered.map((href) => readFileSync(join(clientDir, href), "utf8")).join("\n");
}
