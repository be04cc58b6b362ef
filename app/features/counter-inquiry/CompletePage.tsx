import { useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { ButtonLink } from "#app/ui/Button.tsx";
import { CheckIcon } from "#app/ui/icons.tsx";
import { isInquiryType, type InquiryType } from "#app/features/counter-inquiry/types.ts";
import { statusPathOf } from "#app/requests/status-link.ts";
import { StatusLinkBox } from "#app/requests/StatusLinkBox.tsx";
import styles from "./counter.module.css";

/**
 * /company/hitachi/complete (spec §2): A/S-complete or purchase-complete by
 * the type the form passed in navigation state (or, after a post without
 * JavaScript, in the query); opened directly, a neutral text.
 */
export function CompletePage({ queryType, statusPath }: { queryType?: InquiryType; statusPath?: string | null }) {
  const t = useT();
  const location = useLocation();
  // History state is not on the server: read it once hydrated, so the HTML matches.
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as { type?: unknown } | null)?.type : undefined;
  const type = isInquiryType(state) ? state : queryType;
  // The private status link (issue 28): from the answer (navigation state) or the no-JavaScript flash.
  const link = (hydrated ? statusPathOf(location.state) : null) ?? statusPath ?? null;
  const variant = type ?? "neutral";
  return (
    <article lang="ko" className={styles.complete}>
      <span className={styles.completeIcon}>
        <CheckIcon size={40} />
      </span>
      <h1 className={styles.completeTitle}>{t(`counter.complete.${variant}.title`)}</h1>
      <p className={styles.muted}>{t(`counter.complete.${variant}.body`)}</p>
      {link ? <StatusLinkBox path={link} /> : null}
      <ButtonLink to="/" block className={styles.homeButton}>
        {t("counter.complete.home")}
      </ButtonLink>
    </article>
  );
}
