/*
 * The visitors' service worker (issue 38), scoped to /status/ and registered
 * by the status page after it loads (a push subscription is still made only
 * on the "Tell me on this phone" tap). It shows the news pushed about a
 * request and opens its status page when tapped, and it keeps the last status
 * page it saw of each request (per status URL, network first), with the
 * stylesheets that page links, so the page opens offline, its hidden
 * "offline, as of …" notice shown. Nothing else: a page that carries no such
 * notice (a withdrawn request), or a link that opens nothing any more (404,
 * 410), removes its copy. It adds nothing to any page's first load.
 */
const CACHE = "visitor-status-v1";
/** The notice the server renders hidden on a status page that may be kept offline. */
const NOTICE = /(<[a-z]+\s[^>]*?data-offline-notice[^>]*?)\s+hidden(?:="")?/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    // Take the page that registered us, and keep the status pages open now (the first visit).
    self.clients
      .claim()
      .then(() => self.clients.matchAll({ type: "window", includeUncontrolled: true }))
      .then((windows) => Promise.all(windows.map((w) => refresh(w.url)))),
  ),
);

/** A status page's key in the cache: its path (the language switch keeps one copy per request). */
function pageKey(raw) {
  const url = new URL(raw, self.location.origin);
  if (url.origin !== self.location.origin || !/^\/status\/[^/]+$/.test(url.pathname)) return null;
  return self.location.origin + url.pathname;
}

/** The same-origin stylesheets a page links (the site's hashed CSS). */
function stylesheets(html) {
  const found = [];
  for (const tag of html.match(/<link\b[^>]*>/g) || []) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag);
    if (!href) continue;
    const url = new URL(href[1].replace(/&amp;/g, "&"), self.location.origin);
    if (url.origin === self.location.origin) found.push(url.href);
  }
  return found;
}

/** Drops the stylesheets no kept page links any more. */
async function pruneStyles(cache) {
  const keys = await cache.keys();
  const wanted = new Set();
  for (const request of keys) {
    if (!pageKey(request.url)) continue;
    const page = await cache.match(request);
    if (page) for (const href of stylesheets(await page.text())) wanted.add(href);
  }
  await Promise.all(keys.filter((r) => !pageKey(r.url) && !wanted.has(r.url)).map((r) => cache.delete(r)));
}

/**
 * What a status page's answer means for its copy: a page with the notice is
 * kept (with its stylesheets), a page without it or a link that opens nothing
 * removes it; any other answer (a refusal, a server error) leaves it as it is.
 */
async function remember(key, response) {
  if (response.status === 200 && (response.headers.get("content-type") || "").includes("text/html")) {
    const html = await response.clone().text();
    const cache = await caches.open(CACHE);
    if (NOTICE.test(html)) {
      await cache.put(key, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
      await Promise.all(
        stylesheets(html).map(async (href) => {
          if (await cache.match(href)) return;
          const css = await fetch(href);
          if (css.ok) await cache.put(href, css);
        }),
      );
    } else await cache.delete(key);
    await pruneStyles(cache);
  } else if (response.status === 404 || response.status === 410) {
    const cache = await caches.open(CACHE);
    await cache.delete(key);
    await pruneStyles(cache);
  }
}

/** Fetches a status page again and keeps (or removes) its copy: the first visit, and after an action. */
async function refresh(raw) {
  const key = pageKey(raw);
  if (!key) return;
  try {
    await remember(key, await fetch(raw, { credentials: "same-origin", cache: "no-store" }));
  } catch {
    // offline: the copy stays as it was
  }
}

/** The kept copy with its notice shown, or null. */
async function offlineCopy(key) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (!kept) return null;
  const html = (await kept.text()).replace(NOTICE, "$1");
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    // The withdrawal (or a call-back) posted without JavaScript: its answer says what to keep.
    const key = request.mode === "navigate" ? pageKey(request.url) : null;
    if (key)
      event.respondWith(
        fetch(request).then((response) => {
          event.waitUntil(remember(key, response.clone()));
          return response;
        }),
      );
    return;
  }
  const key = request.mode === "navigate" ? pageKey(request.url) : null;
  if (key) {
    event.respondWith(
      fetch(request).then(
        (response) => {
          event.waitUntil(remember(key, response.clone()));
          return response;
        },
        async (error) => {
          const copy = await offlineCopy(key);
          if (copy) return copy;
          throw error;
        },
      ),
    );
    return;
  }
  if (request.destination === "style") {
    // The kept stylesheet when the network fails; the rest (scripts, images) as if there were no worker.
    event.respondWith(
      fetch(request).catch(async (error) => {
        const kept = await caches.match(request.url, { cacheName: CACHE });
        if (kept) return kept;
        throw error;
      }),
    );
  }
});

self.addEventListener("message", (event) => {
  // The page after an action with JavaScript (a call-back moved, the request withdrawn): keep its new state, or remove it.
  const data = event.data || {};
  if (data.type === "status-page" && typeof data.url === "string") event.waitUntil(refresh(data.url));
});

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
