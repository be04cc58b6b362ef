/*
 * The visitors' service worker (issue 38), registered only from the status
 * page's "Tell me on this phone" button, scoped to /status/: it shows the
 * news pushed about a request and opens its status page when tapped. It
 * caches nothing and adds nothing to any page's first load.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a status page of this server opens from a notification. */
function statusUrl(raw) {
  try {
    const target = new URL(raw, self.location.origin);
    if (target.pathname.startsWith("/status/")) return self.location.origin + target.pathname + target.search;
  } catch {
    // not a URL: the fallback below
  }
  return null;
}

self.addEventListener("push", (event) => {
  let news = {};
  try {
    news = event.data ? event.data.json() : {};
  } catch {
    news = {};
  }
  event.waitUntil(
    self.registration.showNotification(news.title || "", {
      body: news.body || "",
      tag: news.tag,
      data: { url: statusUrl(news.url) },
      icon: "/favicon.svg",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url && "focus" in w);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
