import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { ButtonLink } from "#app/ui/Button.tsx";
import { clearDraft } from "#app/features/consultation/draft.ts";
import { maskPhone } from "#app/requests/mask.ts";
import { statusPathOf } from "#app/requests/status-link.ts";
import { StatusLinkBox } from "#app/requests/StatusLinkBox.tsx";
import { FindRequestLink } from "#app/features/phone-proof/FindRequestLink.tsx";
import styles from "./ConsultationComplete.module.css";

function phoneFromState(state: unknown): string | null {
  const phone = state && typeof state === "object" ? (state as { phone?: unknown }).phone : undefined;
  return typeof phone === "string" && phone ? phone : null;
}

/** The check image: inline, so it costs no request and never shifts the layout. */
function CheckImage() {
  return (
    <svg className={styles.check} viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#e8f5ec" />
      <circle cx="48" cy="48" r="34" fill="var(--color-success)" />
      <path d="M33 49l10 10 20-22" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Spec §2 /loan-consultation-complete. The phone arrives in navigation state
 * (after a JavaScript submission) or, masked, from the loader's one-time flash
 * cookie (after a form post without JavaScript). Opened directly, it renders
 * without the phone line.
 */
export function ConsultationComplete({
  maskedPhone,
  statusPath,
  hours,
}: {
  maskedPhone: string | null;
  statusPath: string | null;
  /** The business calendar's calling days and hours in words (the promise: never a call on a closed day). */
  hours: { days: string; from: string; to: string };
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [shown] = useState(() => {
    const phone = phoneFromState(location.state);
    return phone ? maskPhone(phone) : maskedPhone;
  });
  // The private status link (issue 28): from the answer (navigation state) or the no-JavaScript flash.
  const [link] = useState(() => statusPathOf(location.state) ?? statusPath);

  // Nothing personal stays behind: no draft, and the phone leaves the history entry.
  useEffect(() => {
    clearDraft();
    if (phoneFromState(location.state) || statusPathOf(location.state)) {
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: null, preventScrollReset: true },
      );
    }
  }, [location, navigate]);

  return (
    <section className={styles.complete} aria-labelledby="consultation-complete-title">
      <CheckImage />
      <h1 id="consultation-complete-title">{t("consultation.complete.title")}</h1>
      <p className={styles.body}>{t("consultation.complete.body")}</p>
      <p className={styles.body}>{t("consultation.complete.hours", hours)}</p>
      {shown ? <p className={styles.phone}>{t("consultation.complete.phone", { phone: shown })}</p> : null}
      {link ? <StatusLinkBox path={link} /> : null}
      <p className={styles.body}>
        <FindRequestLink />
      </p>
      <ButtonLink to="/" block className={styles.home}>
        {t("consultation.complete.home")}
      </ButtonLink>
    </section>
  );
}
