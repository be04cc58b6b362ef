/**
 * Paint first, then load the JavaScript (docs/decisions/0012).
 *
 * React Router's `<Scripts>` asks for every module of the page at once:
 * `<link rel="modulepreload">` tags (React hoists them into the <head>) and
 * a module script whose static imports start the route modules. On a slow
 * link those ~120 KB compete with the HTML and the hero image for the first
 * paint, which needs none of them: the page is server-rendered, its CSS is
 * one cached stylesheet, and every form and menu works before hydration.
 *
 * `rewriteShell` rewrites the document once, as app/entry.server.tsx
 * renders it whole in production (ADR 0045): the preload tags are taken out
 * of the <head>, and the module script first waits for the page to paint its
 * content, then adds the same preloads (all modules download in parallel, no
 * waterfall) and imports the same modules in the same order. A hidden tab
 * has nothing to paint and loads at once. Everything after the module script
 * is untouched; a document without one (a future React Router that renders
 * its scripts differently) is left as it is.
 */
const MODULE_SCRIPT = /<script\b([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * The shell with its scripts deferred, once it holds the whole module
 * script; null while that script has not fully arrived.
 */
export function rewriteShell(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [whole, attributes = "", code = ""] = script;
  const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? "";
  const preloads: string[] = [];
  const before = html.slice(0, script.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    if (!preloads.includes(href)) preloads.push(href);
    return "";
  });
  const after = html.slice(script.index + whole.length);
  return `${before}<script${attributes}>${deferredModuleCode(code, preloads, nonce)}</script>${after}`;
}

/**
 * The body of a promise that settles once the page has painted its content:
 * the browser's first-contentful-paint entry (reported after the frame is on
 * screen, by a task no timer drives). A hidden tab has nothing to paint and
 * goes on at once; a browser without paint timing waits for the next frame;
 * and should no paint be reported within 3 s, the page loads anyway.
 */
export const WAIT_FOR_PAINT = [
  'if (document.visibilityState === "hidden" || performance.getEntriesByName("first-contentful-paint").length) return go();',
  'if (!(PerformanceObserver.supportedEntryTypes || []).includes("paint")) return requestAnimationFrame(() => setTimeout(go, 0));',
  'new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go(); } }).observe({ type: "paint", buffered: true });',
  "setTimeout(go, 3000);",
].join(" ");

/** The module script's code, waiting for the first paint and importing the same modules dynamically. */
function deferredModuleCode(code: string, preloads: string[], nonce: string): string {
  const imports = code
    .replace(/\bimport \* as (\w+) from ("[^"]+");/g, "const $1 = await import($2);")
    .replace(/(^|[;\n])\s*import ("[^"]+");/g, "$1await import($2);");
  const waitForPaint = `await new Promise((go) => {${WAIT_FOR_PAINT}});`;
  const preload = `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; link.nonce = ${JSON.stringify(nonce)}; document.head.append(link); }`;
  return `${waitForPaint}\n${preload}\n${imports}`;
}
