import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runServiceWorker } from "#tests/support/service-worker.ts";

/**
 * The visitors' push-only service worker (public/visitor-push-sw.js, issue
 * 38), run in a stand-in of its global scope: a push shows the news; a tap
 * opens the status page it names (or focuses it), never another site's page.
 */
const source = readFileSync(new URL("../../../public/visitor-push-sw.js", import.meta.url), "utf8");

function worker(windows: { url: string; focused?: boolean }[] = []) {
  const clients = windows.map((w) => ({ url: w.url, focus: async () => (w.focused = true) }));
  return runServiceWorker<{ data: { url: string | null } } & Record<string, unknown>>(
    source,
    "https://loans.example.com/visitor-push-sw.js",
    clients,
  );
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload } });
const STATUS = "https://loans.example.com/status/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG?lang=mn";

describe("the visitors' service worker", () => {
  it("shows the news and opens its status page when tapped", async () => {
    const sw = worker();
    await sw.dispatch("push", pushOf({ title: "Мэдээ", body: "Удахгүй залгана", url: STATUS, tag: "status-consultation-1" }));
    expect(sw.shown).toEqual([
      { title: "Мэдээ", options: expect.objectContaining({ body: "Удахгүй залгана", tag: "status-consultation-1" }) },
    ]);
    await sw.dispatch("notificationclick", { notification: { data: sw.shown[0]!.options.data, close: () => undefined } });
    expect(sw.opened).toEqual([STATUS]);
  });

  it("focuses the status page when it is already open", async () => {
    const open: { url: string; focused?: boolean }[] = [{ url: STATUS }];
    const sw = worker(open);
    await sw.dispatch("notificationclick", { notification: { data: { url: STATUS }, close: () => undefined } });
    expect(open[0]!.focused).toBe(true);
    expect(sw.opened).toEqual([]);
  });

  it("opens only this server's status pages", async () => {
    const sw = worker();
    await sw.dispatch("push", pushOf({ title: "x", url: "https://evil.example.net/status/x" }));
    await sw.dispatch("push", pushOf({ title: "y", url: "https://loans.example.com/admin" }));
    expect(sw.shown.map((s) => s.options.data.url)).toEqual(["https://loans.example.com/status/x", null]);
  });
});

/** Cache Storage with one cache, keyed by URL. */
function fakeCaches() {
  const store = new Map<string, Response>();
  const cache = {
    match: async (key: string | { url: string }) => store.get(typeof key === "string" ? key : key.url)?.clone(),
    put: async (key: string, response: Response) => void store.set(key, response),
    delete: async (key: string | { url: string }) => store.delete(typeof key === "string" ? key : key.url),
    keys: async () => [...store.keys()].map((url) => ({ url })),
  };
  return { store, caches: { open: async () => cache, match: cache.match } };
}

describe("the visitors' service worker keeps the status page for offline", () => {
  const PAGE = "https://loans.example.com/status/tokenA";
  const CSS = "https://loans.example.com/assets/root-abc.css";
  const html = (notice: boolean) =>
    `<html><head><link rel="stylesheet" href="/assets/root-abc.css"/></head><body>${
      notice ? '<div class="o" data-offline-notice="" hidden=""><p>You are offline.</p></div>' : ""
    }<h1>Received</h1></body></html>`;

  function offlineWorker(answers: Record<string, Response | "offline">) {
    const { store, caches } = fakeCaches();
    const fetch = async (input: string | { url: string }) => {
      const url = typeof input === "string" ? input : input.url;
      const answer = answers[url];
      if (!answer || answer === "offline") throw new TypeError("Failed to fetch");
      return answer.clone();
    };
    const sw = runServiceWorker(source, "https://loans.example.com/visitor-push-sw.js", [], { fetch, caches, Response });
    const navigate = async (url: string) => {
      let answered: Promise<Response> | undefined;
      await sw.dispatch("fetch", {
        request: { url, method: "GET", mode: "navigate", destination: "document" },
        respondWith: (p: Promise<Response>) => (answered = p),
      });
      const response = await answered!;
      // An empty message: dispatch waits for every waitUntil so far, the copy kept after the answer included.
      await sw.dispatch("message", { data: {} });
      return response;
    };
    return { store, navigate };
  }

  const page = (notice: boolean, status = 200) =>
    new Response(html(notice), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("keeps the page and its stylesheet, and offline answers the copy with its notice shown", async () => {
    const answers: Record<string, Response | "offline"> = { [`${PAGE}?lang=en`]: page(true), [CSS]: new Response("h1{}") };
    const { store, navigate } = offlineWorker(answers);
    await navigate(`${PAGE}?lang=en`);
    expect([...store.keys()].sort()).toEqual([CSS, PAGE]);
    expect(await store.get(PAGE)!.clone().text()).toContain('hidden=""');
    answers[`${PAGE}?lang=en`] = "offline";
    const offline = await (await navigate(`${PAGE}?lang=en`)).text();
    expect(offline).toContain('<div class="o" data-offline-notice=""><p>You are offline.</p>');
  });

  it("a page without the notice (withdrawn) or a 404 drops the copy; another request's stays", async () => {
    const OTHER = "https://loans.example.com/status/tokenB";
    const answers: Record<string, Response | "offline"> = { [PAGE]: page(true), [OTHER]: page(true), [CSS]: new Response("h1{}") };
    const { store, navigate } = offlineWorker(answers);
    await navigate(PAGE);
    await navigate(OTHER);
    answers[PAGE] = page(false);
    await navigate(PAGE);
    expect(store.has(PAGE)).toBe(false);
    expect(store.has(OTHER)).toBe(true);
    answers[OTHER] = new Response("gone", { status: 404, headers: { "Content-Type": "text/html" } });
    await navigate(OTHER);
    expect([...store.keys()]).toEqual([]);
  });
});
