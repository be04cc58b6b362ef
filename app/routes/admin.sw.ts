import source from "#app/features/alerts/service-worker.js?raw";

/**
 * GET /admin/sw.js: the console's service worker (Web Push alerts). Allowed
 * to control all of /admin (the inbox itself is /admin, outside /admin/).
 */
export function loader() {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Service-Worker-Allowed": "/admin",
      "Cache-Control": "no-cache",
    },
  });
}
