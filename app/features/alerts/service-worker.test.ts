import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runServiceWorker } from "#tests/support/service-worker.ts";

/**
 * The console's service worker, run in a stand-in of its global scope: a push
 * shows the alert; tapping it opens the request on this server's console,
 * in an open console window if there is one.
 */
const source = readFileSync(new URL("./service-worker.js", import.meta.url), "utf8");

function worker(windows: { url: string; navigated?: string; focused?: boolean }[] = []) {
  const clients = windows.map((w) => ({
    url: w.url,
    focus: async function () {
      w.focused = true;
      return this;
    },
    navigate: async (url: string) => {
      w.navigated = url;
    },
  }));
  return runServiceWorker(source, "https://loans.example.com/admin/sw.js", clients);
}

describe("the console's service worker", () => {
  it("shows a pushed alert with its title, body, link and icons", async () => {
    const sw = worker();
    const alert = {
      title: "새 대출 상담 신청 #12",
      body: "방문자 언어: 베트남어 · 2026-11-24 14:03 KST",
      url: "https://loans.example.com/admin/requests/consultation/12",
      tag: "consultation-12",
    };
    await sw.dispatch("push", { data: { json: () => alert } });
    expect(sw.shown).toEqual([
      {
        title: alert.title,
        options: expect.objectContaining({
          body: alert.body,
          tag: "consultation-12",
          data: { url: alert.url },
          icon: "/images/console/icon-192.png",
          badge: "/images/console/badge-96.png",
        }),
      },
    ]);
  });

  it("shows something even for a payload it cannot read", async () => {
    const sw = worker();
    await sw.dispatch("push", { data: { json: () => JSON.parse("not json") } });
    expect(sw.shown[0]!.title).toBe("K-Loan Guide");
  });

  it("opens the request in a new window, always on this server's own origin", async () => {
    const sw = worker();
    let closed = false;
    await sw.dispatch("notificationclick", {
      notification: { close: () => (closed = true), data: { url: "https://elsewhere.example.net/admin/requests/as/3?x=1" } },
    });
    expect(closed).toBe(true);
    expect(sw.opened).toEqual(["https://loans.example.com/admin/requests/as/3?x=1"]);
  });

  it("uses an open console window when there is one", async () => {
    const windows = [{ url: "https://loans.example.com/" }, { url: "https://loans.example.com/admin/notifications" }];
    const sw = worker(windows);
    await sw.dispatch("notificationclick", {
      notification: { close: () => undefined, data: { url: "https://loans.example.com/admin/requests/proposal/7" } },
    });
    expect(sw.opened).toEqual([]);
    expect(windows[1]).toMatchObject({ focused: true, navigated: "https://loans.example.com/admin/requests/proposal/7" });
    expect(windows[0]!).not.toHaveProperty("navigated");
  });
});
