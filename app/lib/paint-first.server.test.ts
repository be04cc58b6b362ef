import { describe, expect, it } from "vitest";
import { WAIT_FOR_PAINT, rewriteShell } from "#app/lib/paint-first.server.ts";

/** The shape of React Router 8's <Scripts> output, as React streams it. */
const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="N0"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="N0"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="N0"/>' +
  "<style>body{margin:0}</style></head>";
const body =
  "<body><main><h1>Insurance — Даатгал — အာမခံ</h1></main>" +
  '<script nonce="N0">window.__reactRouterContext = {};</script>' +
  '<script nonce="N0" type="module" async="">;\nimport "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/page-D.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};\n\nimport("/assets/entry.client-A.js");</script>';
const tail = '<script nonce="N0">window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';
const page = head + body + tail;

describe("paint first, then load the JavaScript (ADR 0012)", () => {
  it("takes the module preloads out of the head, and keeps every other tag", () => {
    const html = rewriteShell(page)!;
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain("<style>body{margin:0}</style>");
    expect(html).toContain("<h1>Insurance — Даатгал — အာမခံ</h1>");
    expect(html.endsWith(tail)).toBe(true);
  });

  it("waits for the first paint, then preloads the same modules once each, with the script's nonce", () => {
    const html = rewriteShell(page)!;
    const code = /<script nonce="N0" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const [wait, preload] = code.split("\n");
    expect(wait).toContain('observe({ type: "paint", buffered: true })');
    expect(wait).toContain('getEntriesByName("first-contentful-paint")');
    expect(wait).toContain('document.visibilityState === "hidden"');
    expect(preload).toContain('["/assets/entry.client-A.js","/assets/framework-B.js","/assets/root-C.js"]');
    expect(preload).toContain('link.nonce = "N0"');
    expect(code.indexOf("PerformanceObserver")).toBeLessThan(code.indexOf("import("));
  });

  it("imports the same modules in the same order, dynamically, and starts the app last", () => {
    const code = rewriteShell(page)!;
    const order = [
      'await import("/assets/manifest-1.js");',
      'const route0 = await import("/assets/root-C.js");',
      'const route1 = await import("/assets/page-D.js");',
      'window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};',
      'import("/assets/entry.client-A.js");',
    ];
    const at = order.map((piece) => code.indexOf(piece));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(code).not.toMatch(/^\s*import \* as/m);
    expect(code).not.toMatch(/^\s*import "/m);
  });

  it("leaves a document without a module script as it is", () => {
    const plain = head + "<body><p>Ünïcödé</p></body></html>";
    expect(rewriteShell(plain)).toBeNull();
  });

  describe("the wait for the first paint, run against a stand-in browser", () => {
    function browser({ hidden = false, painted = false, paintTiming = true } = {}) {
      const calls: string[] = [];
      let observer: ((list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void) | undefined;
      let timer: (() => void) | undefined;
      let frame: (() => void) | undefined;
      let went = 0;
      const run = new Function(
        "go",
        "document",
        "performance",
        "PerformanceObserver",
        "requestAnimationFrame",
        "setTimeout",
        WAIT_FOR_PAINT,
      );
      const PerformanceObserverStub = Object.assign(
        function (this: unknown, callback: typeof observer) {
          observer = callback;
          return { observe: (options: unknown) => calls.push(`observe ${JSON.stringify(options)}`) };
        },
        { supportedEntryTypes: paintTiming ? ["navigation", "paint"] : ["navigation"] },
      );
      run(
        () => went++,
        { visibilityState: hidden ? "hidden" : "visible" },
        { getEntriesByName: (name: string) => (painted && name === "first-contentful-paint" ? [{}] : []) },
        PerformanceObserverStub,
        (callback: () => void) => (frame = callback),
        (callback: () => void, ms: number) => {
          calls.push(`timer ${ms}`);
          timer = callback;
        },
      );
      return {
        calls,
        went: () => went,
        paint: (names: string[]) =>
          observer?.(
            { getEntriesByName: (name: string) => names.filter((n) => n === name) },
            { disconnect: () => calls.push("disconnect") },
          ),
        frame: () => frame?.(),
        timer: () => timer?.(),
      };
    }

    it("waits for the first contentful paint, not for a timer", () => {
      const page = browser();
      expect(page.went()).toBe(0);
      expect(page.calls).toContain('observe {"type":"paint","buffered":true}');
      page.paint(["first-paint"]);
      expect(page.went()).toBe(0);
      page.paint(["first-contentful-paint"]);
      expect(page.went()).toBe(1);
      expect(page.calls).toContain("disconnect");
    });

    it("goes on at once in a hidden tab, or when the page has already painted", () => {
      expect(browser({ hidden: true }).went()).toBe(1);
      expect(browser({ painted: true }).went()).toBe(1);
    });

    it("without paint timing, waits for the next frame to be drawn", () => {
      const page = browser({ paintTiming: false });
      expect(page.went()).toBe(0);
      page.frame();
      expect(page.calls).toEqual(["timer 0"]);
      page.timer();
      expect(page.went()).toBe(1);
    });

    it("loads anyway when no paint is reported within 3 s", () => {
      const page = browser();
      expect(page.calls).toContain("timer 3000");
      page.timer();
      expect(page.went()).toBe(1);
    });
  });
});
