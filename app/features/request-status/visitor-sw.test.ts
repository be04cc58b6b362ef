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
