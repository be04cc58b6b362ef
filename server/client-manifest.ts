import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
 * All the CSS the public pages use, root first, as one string: the site's
 * one stylesheet (docs/decisions/0045). The operator console's CSS is left
 * out: it loads its own stylesheets.
 */
export function publicCss(clientDir: string): string {
  const manifest = readClientManifest(clientDir);
  const ordered: string[] = [];
  const add = (entry: string) => {
    // A stylesheet of a module loaded later (`import()`) is listed with a trailing `#`.
    const href = entry.replace(/#.*$/, "");
    if (!ordered.includes(href)) ordered.push(href);
  };
  (manifest.routes.root?.css ?? []).forEach(add);
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id.startsWith("routes/admin")) continue;
    (route.css ?? []).forEach(add);
  }
  // Stylesheets of modules loaded later that the manifest does not name (the event popup's own): every
  // other CSS file of the build that no console route lists, after the rest.
  const consoleCss = new Set(
    Object.entries(manifest.routes)
      .filter(([id]) => id.startsWith("routes/admin"))
      .flatMap(([, route]) => (route.css ?? []).map((entry) => entry.replace(/#.*$/, ""))),
  );
  for (const file of readdirSync(join(clientDir, "assets")).sort()) {
    const href = `/assets/${file}`;
    if (file.endsWith(".css") && !SITE_CSS.test(file) && !consoleCss.has(href)) add(href);
  }
  return ordered.map((href) => readFileSync(join(clientDir, href), "utf8")).join("\n");
}

/** The site's stylesheet in build/client/assets: `site-<hash>.css`, named by its content. */
const SITE_CSS = /^site-[0-9a-f]{10}\.css$/;

/**
 * Writes every public page's CSS as one hashed file beside the build's other
 * assets (`npm run build`, before they are precompressed): the browser loads
 * it once and keeps it (immutable), every page links it (docs/decisions/0045).
 * Returns the file's name.
 */
export function writeSiteStylesheet(clientDir: string): string {
  const css = publicCss(clientDir);
  const name = `site-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  const path = join(clientDir, "assets", name);
  if (!existsSync(path)) writeFileSync(path, css);
  return name;
}

/** The URL of the site's stylesheet (written by the build, served as a hashed asset). */
export function siteStylesheetHref(clientDir: string): string {
  const name = readdirSync(join(clientDir, "assets")).find((f) => SITE_CSS.test(f));
  if (!name) throw new Error("no site stylesheet in build/client/assets: run `npm run build`");
  return `/assets/${name}`;
}
