import { describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { publicCss, siteStylesheetHref, writeSiteStylesheet } from "#server/client-manifest.ts";

/** A client build with a manifest: root, a page with a module loaded later (`#`), the console, and a CSS file no route names. */
function build(): string {
  const dir = mkdtempSync(join(tmpdir(), "client-manifest-"));
  mkdirSync(join(dir, "assets"));
  const css: Record<string, string> = {
    "root.css": ".root{}",
    "page.css": ".page{}",
    "later.css": ".later{}",
    "console.css": ".console{}",
    "popup.css": ".popup{}",
  };
  for (const [name, text] of Object.entries(css)) writeFileSync(join(dir, "assets", name), text);
  const manifest = {
    entry: { module: "/assets/entry.js" },
    routes: {
      root: { module: "/assets/root.js", css: ["/assets/root.css"] },
      "routes/home": { module: "/assets/home.js", css: ["/assets/page.css", "/assets/later.css#"] },
      "routes/admin.leads": { module: "/assets/admin.js", css: ["/assets/console.css"] },
    },
  };
  writeFileSync(join(dir, "assets", "manifest-abc.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

describe("the site's one stylesheet (ADR 0045)", () => {
  it("holds root's CSS first, then the pages', the modules' loaded later and any other public file; never the console's", () => {
    const css = publicCss(build());
    expect(css.split("\n")).toEqual([".root{}", ".page{}", ".later{}", ".popup{}"]);
  });

  it("is written once under a name from its content, and that name is the href every page links", () => {
    const dir = build();
    const name = writeSiteStylesheet(dir);
    expect(name).toMatch(/^site-[0-9a-f]{10}\.css$/);
    expect(readFileSync(join(dir, "assets", name), "utf8")).toBe(publicCss(dir));
    expect(siteStylesheetHref(dir)).toBe(`/assets/${name}`);
    // Written again (a second build step), the same file and the same name: the file is not read back into itself.
    expect(writeSiteStylesheet(dir)).toBe(name);
  });

  it("says how to make it when the build has none", () => {
    expect(() => siteStylesheetHref(build())).toThrow(/npm run build/);
  });
});
