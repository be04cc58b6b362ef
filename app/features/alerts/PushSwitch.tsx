import { useEffect, useState } from "react";
import { useFetcher, href } from "react-router";
import { Button } from "#app/ui/Button.tsx";
import { useAdminShell, useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice } from "#app/features/console/parts.tsx";
import styles from "./alerts.module.css";

/** What the page's action answers to the switch and the test button. */
export type DeviceActionResult = { ok: boolean; intent: string; reason?: string };

type DeviceState = "checking" | "unsupported" | "denied" | "off" | "on";

const SW_URL = href("/admin/sw.js");
const SCOPE = href("/admin");

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL, { scope: SCOPE });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription as the form fields the action reads. */
function fields(subscription: PushSubscription, intent: string, csrf: string) {
  const json = subscription.toJSON();
  return { intent, csrf, endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" };
}

/** Whether this browser can take alerts, and its current subscription. */
async function readDevice(endpoints: readonly string[]): Promise<{ state: DeviceState; subscription: PushSubscription | null }> {
  if (!supported()) return { state: "unsupported", subscription: null };
  if (Notification.permission === "denied") return { state: "denied", subscription: null };
  try {
    const reg = await navigator.serviceWorker.getRegistration(SCOPE);
    const subscription = (await reg?.pushManager.getSubscription()) ?? null;
    return { state: subscription && endpoints.includes(subscription.endpoint) ? "on" : "off", subscription };
  } catch {
    return { state: "off", subscription: null };
  }
}

/**
 * This device's alerts: turn on (permission, subscription with our VAPID key,
 * stored for this operator), send a test, turn off. The state comes from the
 * browser (its subscription) and the server (whether it knows it); once the
 * operator switches, the server's answer decides.
 */
export function PushSwitch({ vapidPublicKey, endpoints }: { vapidPublicKey: string; endpoints: string[] }) {
  const t = useAdminT();
  const csrf = useAdminShell()?.csrf ?? "";
  const device = useFetcher<DeviceActionResult>();
  const tester = useFetcher<DeviceActionResult>();
  const [initial, setInitial] = useState<DeviceState>("checking");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AdminKey | null>(null);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);

  useEffect(() => {
    let cancelled = false;
    void readDevice(endpoints).then((found) => {
      if (cancelled) return;
      setSubscription(found.subscription);
      setInitial(found.state);
    });
    return () => {
      cancelled = true;
    };
  }, [endpoints]);

  const switched = device.state === "idle" && device.data?.ok ? device.data.intent : null;
  const state: DeviceState = switched === "subscribe" ? "on" : switched === "unsubscribe" ? "off" : initial;
  const working = busy || device.state !== "idle" || tester.state !== "idle";

  async function turnOn() {
    setBusy(true);
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setInitial(permission === "denied" ? "denied" : "off");
        return;
      }
      const reg = await registration();
      const key = keyBytes(vapidPublicKey);
      let sub = await reg.pushManager.getSubscription();
      // A subscription made with another key (the server's keys changed) cannot be reused.
      const oldKey = sub?.options.applicationServerKey;
      if (sub && oldKey && new Uint8Array(oldKey).join() !== key.join()) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      setSubscription(sub);
      await device.submit(fields(sub, "subscribe", csrf), { method: "post" });
    } catch {
      setProblem("notify.failed");
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!subscription) return;
    setBusy(true);
    setProblem(null);
    try {
      const endpoint = subscription.endpoint;
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      setInitial("off");
      await device.submit({ intent: "unsubscribe", csrf, endpoint }, { method: "post" });
    } catch {
      setProblem("notify.failed");
    } finally {
      setBusy(false);
    }
  }

  function test() {
    if (subscription) void tester.submit(fields(subscription, "test", csrf), { method: "post" });
  }

  const stateText: Record<DeviceState, AdminKey> = {
    checking: "notify.checking",
    unsupported: "notify.unsupported",
    denied: "notify.denied",
    off: "notify.off",
    on: "notify.on",
  };
  const last = tester.state === "idle" ? tester.data : undefined;
  return (
    <>
      <p className={`${styles.deviceState} ${state === "on" ? styles.on : ""}`} role="status">
        {t(stateText[state])}
      </p>
      {state === "on" || state === "off" ? (
        <div className={styles.actions}>
          {state === "on" ? (
            <>
              <Button onClick={test} disabled={working}>
                {t("notify.test")}
              </Button>
              <Button variant="secondary" onClick={turnOff} disabled={working}>
                {t("notify.turnOff")}
              </Button>
            </>
          ) : (
            <Button onClick={turnOn} disabled={working}>
              {working ? t("notify.working") : t("notify.turnOn")}
            </Button>
          )}
        </div>
      ) : null}
      {problem ? <Notice tone="error">{t(problem)}</Notice> : null}
      {device.state === "idle" && device.data ? <ActionNotice result={device.data} /> : null}
      {last ? <ActionNotice result={last} /> : null}
    </>
  );
}
function ActionNotice({ result }: { result: DeviceActionResult }) {
  const t = useAdminT();
  if (result.intent === "test") {
    return result.ok ? (
      <Notice tone="ok">{t("notify.testSent")}</Notice>
    ) : (
      <Notice tone="error">{t("notify.testFailed", { reason: result.reason ?? "" })}</Notice>
    );
  }
  if (!result.ok) return <Notice tone="error">{t("notify.failed")}</Notice>;
  return <Notice tone="ok">{t(result.intent === "subscribe" ? "notify.turnedOn" : "notify.turnedOff")}</Notice>;
}
