import { runInNewContext } from "node:vm";

/** A window a service worker may find open (`clients.matchAll`). */
export type WindowClient = { url: string } & Record<string, unknown>;

/**
 * A service worker's script run in a stand-in of its global scope, served
 * from `scriptUrl`, with `clients` as the open windows: what it showed, what
 * it opened, and a way to dispatch an event and wait for its `waitUntil`s.
 */
export function runServiceWorker<Options = Record<string, unknown>>(
  source: string,
  scriptUrl: string,
  clients: WindowClient[] = [],
  /** More of its global scope (`fetch`, `caches`, `Response`), for a worker that uses them. */
  globals: Record<string, unknown> = {},
) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: Options }[] = [];
  const opened: string[] = [];
  const waits: Promise<unknown>[] = [];
  const self = {
    location: new URL(scriptUrl),
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    skipWaiting: () => undefined,
    registration: { showNotification: async (title: string, options: Options) => shown.push({ title, options }) },
    clients: { claim: async () => undefined, matchAll: async () => clients, openWindow: async (url: string) => opened.push(url) },
  };
  runInNewContext(source, { self, URL, ...globals });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened };
}
