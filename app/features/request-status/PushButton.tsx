import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Button } from "#app/ui/Button.tsx";
import { PUSH_SUBSCRIBE, PUSH_UNSUBSCRIBE, VISITOR_SW_URL } from "#app/features/visitor-news/visitor-push.ts";
import styles from "./status.module.css";

/**
 * "Tell me on this phone" (issue 38): rendered only after hydration, where the
 * browser can receive Web Push; on an iPhone outside Home Screen mode, one
 * sentence on adding the page there instead. Nothing is asked before the tap:
 * the tap asks for permission, registers the push-only service worker (scoped
 * to the status pages: no other page loads it) and posts the subscription.
 * Without JavaScript nothing of it is on the page.
 */
type State = "unknown" | "unsupported" | "homeScreen" | "off" | "on" | "busy" | "denied" | "failed";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function iPhoneBrowser(): boolean {
  const standalone = (navigator as { standalone?: boolean }).standalone === true || matchMedia("(display-mode: standalone)").matches;
  return /iPhone|iPad|iPod/.test(navigator.userAgent) && !standalone;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The seconds to wait when the server refused the post (429: the page's guard or the rate limit, issue 51). */
function refusedFor(answer: unknown): number | null {
  const wait = answer && typeof answer === "object" && "retryAfter" in answer ? (answer as { retryAfter: unknown }).retryAfter : null;
  return typeof wait === "number" ? wait : null;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/status/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What this browser can do, and whether this phone is already subscribed. */
async function detect(): Promise<State> {
  if (!supported()) return iPhoneBrowser() ? "homeScreen" : "unsupported";
  if (Notification.permission === "denied") return "denied";
  try {
    const sub = await currentSubscription();
    return sub && Notification.permission === "granted" ? "on" : "off";
  } catch {
    return "off";
  }
}

export function PushButton({ publicKey }: { publicKey: string }) {
  const t = useT();
  const fetcher = useFetcher();
  const [state, setState] = useState<State>("unknown");
  /** A post sent, waiting for the server's answer: only an accepted one changes what the button says. */
  const [pending, setPending] = useState<{ turn: "on" | "off"; sub: PushSubscription | null } | null>(null);
  const [wait, setWait] = useState<number | null>(null);

  /** A subscription the server let go of: the phone's own goes too, else the next visit would find it and say "on". */
  const [forget, setForget] = useState<PushSubscription | null>(null);

  // The server's answer to the post sent (read as it renders, React's way to follow another value).
  if (pending && fetcher.state === "idle") {
    const refused = refusedFor(fetcher.data);
    setPending(null);
    setWait(refused);
    // Refused: nothing changed on the server, so the button says what is true and the page says when to try again.
    if (refused === null && pending.turn === "off" && pending.sub) {
      // Accepted: the phone lets go of its own subscription first, and only then does the button say "off"
      // (a reload in between would find it and say "on" again).
      setForget(pending.sub);
    } else setState(refused !== null ? (pending.turn === "on" ? "off" : "on") : pending.turn);
  }

  useEffect(() => {
    if (!forget) return;
    void forget
      .unsubscribe()
      .catch(() => undefined)
      .then(() => {
        setState("off");
        setForget(null);
      });
  }, [forget]);

  useEffect(() => {
    let alive = true;
    void detect().then((found) => {
      if (alive) setState(found);
    });
    return () => {
      alive = false;
    };
  }, []);

  async function turnOn() {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState("denied");
        return;
      }
      await navigator.serviceWorker.register(VISITOR_SW_URL, { scope: "/status/" });
      const registration = await navigator.serviceWorker.ready;
      const sub =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const json = sub.toJSON();
      await fetcher.submit(
        { intent: PUSH_SUBSCRIBE, endpoint: sub.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
        { method: "post" },
      );
      setPending({ turn: "on", sub });
    } catch {
      setState("failed");
    }
  }

  async function turnOff() {
    setState("busy");
    try {
      const sub = await currentSubscription();
      if (sub) {
        await fetcher.submit({ intent: PUSH_UNSUBSCRIBE, endpoint: sub.endpoint }, { method: "post" });
        setPending({ turn: "off", sub });
      } else setState("off");
    } catch {
      setState("failed");
    }
  }

  if (state === "unknown" || state === "unsupported") return null;
  if (state === "homeScreen")
    return (
      <section className={styles.action} aria-labelledby="push-title">
        <h2 id="push-title">{t("status.push.button.on")}</h2>
        <p>{t("status.push.button.homeScreen")}</p>
      </section>
    );
  return (
    <section className={styles.action} aria-labelledby="push-title">
      <h2 id="push-title">{t("status.push.button.on")}</h2>
      <p>{t("status.push.button.why")}</p>
      {wait !== null ? (
        <p role="alert" className={styles.error}>
          {t("status.errors.rateLimited", { count: wait })}
        </p>
      ) : null}
      <p role="status">
        {state === "on"
          ? t("status.push.button.isOn")
          : state === "denied"
            ? t("status.push.button.denied")
            : state === "failed"
              ? t("status.push.button.failed")
              : ""}
      </p>
      {state === "on" ? (
        <Button type="button" variant="secondary" block onClick={() => void turnOff()}>
          {t("status.push.button.off")}
        </Button>
      ) : state !== "denied" ? (
        <Button type="button" block disabled={state === "busy"} onClick={() => void turnOn()}>
          {t("status.push.button.on")}
        </Button>
      ) : null}
    </section>
  );
}
