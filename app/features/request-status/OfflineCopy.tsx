import { useEffect, useRef } from "react";
import { useT } from "#app/i18n/useT.ts";
import { VISITOR_SW_URL } from "#app/features/visitor-news/visitor-push.ts";
import styles from "./status.module.css";

/**
 * The status page offline (issue 38, item 4). The server renders this notice
 * hidden, with the time it rendered the page (Korea time); the visitors'
 * service worker keeps the last page it saw and, answering from that copy
 * without a network, un-hides the notice in the HTML it returns, so the
 * visitor sees that they are offline and as of when, with or without the
 * page's JavaScript. Not rendered for a withdrawn request: that page is not
 * kept, and its answer removes the copy.
 */
export function OfflineNotice({ renderedAt }: { renderedAt: string }) {
  const t = useT();
  return (
    <div className={styles.offline} data-offline-notice="" hidden>
      <p>
        <strong>{t("status.offline.title")}</strong>
      </p>
      <p>{t("status.offline.asOf", { time: renderedAt })}</p>
    </div>
  );
}

/**
 * Registers the visitors' service worker (scoped to /status/: no other page
 * loads it; registering asks no permission) once the page has hydrated, and
 * after the page's data changed by an action with JavaScript (a call-back
 * moved, the request withdrawn) asks it to keep the new state or drop the copy.
 */
export function useOfflineCopy(data: unknown) {
  const first = useRef(true);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    if (first.current) {
      first.current = false;
      navigator.serviceWorker.register(VISITOR_SW_URL, { scope: "/status/" }).catch(() => undefined);
      return;
    }
    navigator.serviceWorker.controller?.postMessage({ type: "status-page", url: location.href });
  }, [data]);
}
