import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * The visitors' push-only service worker (public/visitor-push-sw.js, issue
 * 38), run in a stand-in of its global scope: a push shows the news; a tap
 * opens the status page it names (or focuses it), never another site's page.
 */
const source = readFileSync(new URL("../../../public/visitor-push-sw.js", import.meta.url), "utf8");

function worker(windows: { url: string; focused?: boolean }[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: { data: { url: string | null } } & Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const waits: Promise<unknown>[] = [];
  const clients = windows.map((w) => ({ url: w.url, focus: async () => (w.focused = true) }));
  const self = {
    location: new URL("https://loans.example.com/visitor-push-sw.js"),
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    skipWaiting: () => undefined,
    registration: { showNotification: async (title: string, options: (typeof shown)[number]["options"]) => shown.push({ title, options }) },
    clients: { claim: async () => undefined, matchAll: async () => clients, openWindow: async (url: string) => opened.push(url) },
  };
  runInNewContext(source, { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened };
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
