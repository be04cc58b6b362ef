/*
 * The console's service worker (scope /admin): shows alerts pushed to this
 * device and opens the request when one is tapped. It caches nothing: the
 * console holds personal data, which must not outlive the sign-in on a phone.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = {};
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || "K-Loan Guide", {
      body: alert.body || "",
      tag: alert.tag,
      data: { url: alert.url || "/admin" },
      icon: "/images/console/icon-192.png",
      badge: "/images/console/badge-96.png",
      lang: alert.lang,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Always this server's console, whatever origin the alert was written for.
  const target = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : "/admin",
    self.location.origin,
  );
  const url = self.location.origin + target.pathname + target.search;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith("/admin") && "navigate" in w);
      return open ? open.focus().then((w) => w.navigate(url)) : self.clients.openWindow(url);
    }),
  );
});
