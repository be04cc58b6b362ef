import { Link } from "react-router";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { requestHref } from "#app/features/console/kinds.ts";
import { isRequestKind } from "#app/requests/kinds.ts";
import { PageTitle } from "#app/features/console/parts.tsx";
import adminStyles from "#app/features/console/console.module.css";
import { formatMinutes } from "#app/features/alerts/duration.ts";
import { PushSwitch } from "#app/features/alerts/PushSwitch.tsx";
import type { ChannelView, DeliveryView, ResponseDay } from "#app/features/alerts/status.server.ts";
import styles from "./alerts.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";

export type { DeviceActionResult } from "#app/features/alerts/PushSwitch.tsx";

interface NotificationsData {
  channels: ChannelView[];
  response: ResponseDay[];
  endpoints: string[];
  vapidPublicKey: string;
}

const SETTINGS: Record<ChannelView["channel"], string> = {
  push: "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY",
  email: "SMTP_URL, ALERT_EMAIL_TO, ALERT_EMAIL_FROM",
  webhook: "ALERT_WEBHOOK_URL, ALERT_WEBHOOK_SECRET",
};

export function NotificationsPage({ data }: { data: NotificationsData }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle aside={<span className={adminStyles.muted}>{t("time.zoneNote")}</span>}>{t("notify.title")}</PageTitle>
      <p className={adminStyles.muted}>{t("notify.intro")}</p>

      <section className={adminStyles.card} aria-labelledby="device-title">
        <h2 id="device-title" className={adminStyles.subtitle}>
          {t("notify.device")}
        </h2>
        <p className={adminStyles.muted}>{t("notify.deviceIntro")}</p>
        <PushSwitch vapidPublicKey={data.vapidPublicKey} endpoints={data.endpoints} />
        <p className={adminStyles.muted}>{t("notify.install")}</p>
      </section>

      <section aria-labelledby="channels-title">
        <h2 id="channels-title" className={adminStyles.subtitle}>
          {t("notify.channels")}
        </h2>
        {data.channels.map((channel) => (
          <Channel key={channel.channel} channel={channel} />
        ))}
      </section>

      <ResponseTimes days={data.response} />
    </>
  );
}

function Channel({ channel }: { channel: ChannelView }) {
  const t = useAdminT();
  const id = `channel-${channel.channel}`;
  const target =
    channel.channel === "push"
      ? t("notify.pushDevices", { count: channel.target })
      : !channel.configured
        ? t("notify.notConfigured", { vars: SETTINGS[channel.channel] })
        : channel.channel === "email"
          ? t("notify.emailTo", { to: channel.target })
          : t("notify.webhookTo", { host: channel.target });
  return (
    <section className={adminStyles.card} aria-labelledby={id}>
      <div className={styles.channelHead}>
        <h3 id={id}>{t(`notify.channel.${channel.channel}`)}</h3>
        {channel.failingSince ? <span className={styles.failing}>{t("notify.failingSince", { at: channel.failingSince })}</span> : null}
      </div>
      <p className={adminStyles.muted}>{target}</p>
      {channel.recent.length ? (
        <table className={adminStyles.table}>
          <caption className="visually-hidden">
            {t("notify.recent")}: {t(`notify.channel.${channel.channel}`)}
          </caption>
          <ColumnHeads columns={[t("notify.col.at"), t("notify.col.request"), t("notify.col.recipient"), t("notify.col.state")]} />
          <tbody>
            {channel.recent.map((d) => (
              <tr key={d.id}>
                <td data-label={t("notify.col.at")} className={adminStyles.nowrap}>
                  {d.written}
                </td>
                <td data-label={t("notify.col.request")}>
                  {isRequestKind(d.requestKind) ? (
                    <Link to={requestHref(d.requestKind, d.requestId)}>
                      {t(`kind.${d.requestKind}`)} #{d.requestId}
                    </Link>
                  ) : (
                    t("notify.testRequest")
                  )}
                </td>
                <td data-label={t("notify.col.recipient")}>{d.recipient}</td>
                <td data-label={t("notify.col.state")}>
                  <DeliveryState delivery={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={adminStyles.muted}>{t("notify.noDeliveries")}</p>
      )}
    </section>
  );
}

function DeliveryState({ delivery: d }: { delivery: DeliveryView }) {
  const t = useAdminT();
  let text: string;
  if (d.status === "delivered") text = t("notify.state.delivered", { at: d.at });
  else if (d.status === "failed") text = t("notify.state.failed", { count: d.attempts, reason: d.reason });
  else if (d.status === "cancelled") text = t("notify.state.cancelled", { reason: d.reason });
  else if (d.attempts > 0 && d.reason) text = t("notify.state.retrying", { attempts: d.attempts, reason: d.reason, at: d.at });
  else text = t("notify.state.pending");
  return <span className={styles[`state_${d.status}`]}>{text}</span>;
}

function ResponseTimes({ days }: { days: ResponseDay[] }) {
  const t = useAdminT();
  const col = (key: AdminKey) => t(key);
  return (
    <section className={adminStyles.card} aria-labelledby="response-title">
      <h2 id="response-title" className={adminStyles.subtitle}>
        {t("notify.response")}
      </h2>
      <p className={adminStyles.muted}>{t("notify.responseIntro")}</p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={adminStyles.scrollX} tabIndex={0} role="region" aria-label={t("notify.responseTable")}>
        <table className={`${adminStyles.table} ${adminStyles.numbers}`}>
          <caption className="visually-hidden">{t("notify.response")}</caption>
          <ColumnHeads
            columns={[
              col("notify.col.day"),
              col("notify.col.requests"),
              col("notify.col.opened"),
              col("notify.col.median"),
              col("notify.col.unopened"),
            ]}
          />
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.requests}</td>
                <td>{day.opened}</td>
                <td>{formatMinutes(t, day.medianMinutes)}</td>
                <td>{day.requests - day.opened}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
