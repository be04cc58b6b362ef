import type { ReactNode } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { useAdminShell, useAdminT } from "#app/features/console/i18n.ts";
import { requestHref } from "#app/features/console/kinds.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import type { MyCalls, QueuedCall } from "#app/features/pipeline/my-calls.server.ts";
import type { CallFormResult } from "#app/features/pipeline/CallParts.tsx";
import { CallHelp } from "#app/features/pipeline/CallParts.tsx";
import { FROM_MY_CALLS } from "#app/features/pipeline/calls.ts";
import { StageBadge } from "#app/features/pipeline/StageBadge.tsx";
import styles from "#app/features/console/console.module.css";

/** The outcomes one tap logs from the queue; the others are on the request's page. */
const ONE_TAP = ["connected", "no_answer", "busy", "message_left"] as const;

export type MyCallsResult = { call: CallFormResult; id: number } | { claimed: boolean; id: number } | { announced: boolean; id: number };

/** An agent's calls, made for a phone held in one hand: big targets, the dial and the outcome a thumb apart. */
export function MyCallsPage({ data, result }: { data: MyCalls; result?: MyCallsResult }) {
  const t = useAdminT();
  return (
    <>
      <PageTitle>{t("mycalls.title")}</PageTitle>
      {data.outsideHours ? (
        <p className={styles.noticeError} role="note">
          {t("mycalls.outsideHours", data.outsideHours)}
        </p>
      ) : null}
      {result && "call" in result ? (
        result.call.ok ? (
          <Notice tone="ok">
            {result.call.closed
              ? t("calls.loggedClosed")
              : result.call.next
                ? t("calls.loggedNext", { at: result.call.next })
                : t("calls.logged")}
          </Notice>
        ) : (
          <Notice tone="error">{t(`calls.error.${result.call.error}`)}</Notice>
        )
      ) : null}
      {result && "claimed" in result ? (
        <Notice tone={result.claimed ? "ok" : "error"}>
          {t(!result.claimed ? "mycalls.taken" : data.outsideHours ? "mycalls.claimedLater" : "mycalls.claimed")}
        </Notice>
      ) : null}

      {data.refused ? (
        <p className={styles.muted} role="note" data-refused-count={data.refused}>
          {t("mycalls.refused", { count: data.refused })}
        </p>
      ) : null}
      <h2 className={styles.subtitle}>{t("mycalls.due")}</h2>
      {data.due.length ? (
        <ul className={styles.queue}>
          {data.due.map((c) => (
            <QueueItem
              key={c.id}
              call={c}
              when={
                c.asked
                  ? t("mycalls.asked", { at: c.at })
                  : c.lateMinutes > 0
                    ? t("mycalls.late", { count: c.lateMinutes })
                    : t("mycalls.now")
              }
              late={c.lateMinutes > 0}
            >
              <OneTap id={c.id} />
            </QueueItem>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("mycalls.noneDue")}</p>
      )}

      <h2 className={styles.subtitle}>{t("mycalls.later")}</h2>
      {data.later.length ? (
        <ul className={styles.queue}>
          {data.later.map((c) => (
            <QueueItem key={c.id} call={c} when={t("mycalls.asked", { at: c.at })} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("mycalls.noneLater")}</p>
      )}

      {data.outsideHours ? (
        <>
          <h2 className={styles.subtitle}>{t("mycalls.atOpening", { next: data.outsideHours.next })}</h2>
          {data.atOpening.length ? (
            <ul className={styles.queue}>
              {data.atOpening.map((c) => (
                <QueueItem key={c.id} call={c} when={t("mycalls.dueAt", { at: c.at })} />
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t("mycalls.noneAtOpening")}</p>
          )}
        </>
      ) : null}

      <h2 className={styles.subtitle}>{t("mycalls.unclaimed")}</h2>
      {data.unclaimed.length ? (
        <ul className={styles.queue}>
          {data.unclaimed.map((c) => (
            <QueueItem key={c.id} call={c} when={t("mycalls.received", { at: c.at })}>
              <PostForm intent="claim">
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" className={styles.tapButton}>
                  {t("mycalls.claim")}
                </button>
              </PostForm>
            </QueueItem>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t("mycalls.noneUnclaimed")}</p>
      )}
      <CallHelp />
    </>
  );
}

function QueueItem({ call, when, late, children }: { call: QueuedCall; when: string; late?: boolean; children?: ReactNode }) {
  const t = useAdminT();
  return (
    <li className={styles.queueItem}>
      <div className={styles.queueHead}>
        <Link to={`${requestHref("consultation", call.id)}?${FROM_MY_CALLS.name}=${FROM_MY_CALLS.value}`}>
          {call.name || t("inbox.noName")}
        </Link>
        <StageBadge stage={call.stage} />
      </div>
      <p className={late ? styles.overdue : styles.muted}>{when}</p>
      {call.phone ? (
        <DialLink id={call.id} phone={call.phone}>
          {t("mycalls.dial", { phone: call.phone })}
        </DialLink>
      ) : null}
      {children}
    </li>
  );
}

/**
 * The dial link: the phone's dialer opens as always; with JavaScript the tap
 * also tells the server, which tells the visitor's phone that we are about
 * to call (issue 38). Without JavaScript it is the plain tel: link.
 */
function DialLink({ id, phone, children }: { id: number; phone: string; children: ReactNode }) {
  const fetcher = useFetcher();
  const csrf = useAdminShell()?.csrf ?? "";
  return (
    <a
      className={styles.dial}
      href={`tel:${phone}`}
      onClick={() => void fetcher.submit({ intent: "dialing", id: String(id), csrf }, { method: "post" })}
    >
      {children}
    </a>
  );
}

/** One tap logs the outcome (the cadence then schedules the next call). */
function OneTap({ id }: { id: number }) {
  const t = useAdminT();
  const busy = useNavigation().state === "submitting";
  return (
    <PostForm intent="call" className={styles.oneTap} aria-label={t("mycalls.logFor", { id })}>
      <input type="hidden" name="id" value={id} />
      {ONE_TAP.map((outcome) => (
        <button key={outcome} type="submit" name="outcome" value={outcome} className={styles.tapButton} disabled={busy}>
          {t(`calls.outcome.${outcome}`)}
        </button>
      ))}
    </PostForm>
  );
}
