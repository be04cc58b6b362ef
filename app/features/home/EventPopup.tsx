import { useId, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { Dialog } from "#app/ui/Dialog.tsx";
import { CloseIcon } from "#app/ui/icons.tsx";
import { POLICY_PARAM } from "#app/features/legal/links.ts";
import { dismissEventPopupForToday, readEventPopupDue } from "#app/features/home/event-popup.ts";
import { CampaignImage } from "#app/features/campaigns/CampaignImage.tsx";
import { Disclosure } from "#app/loans/Disclosure.tsx";
import { DaebuMark } from "#app/loans/DaebuMark.tsx";
import { productPageHref } from "#app/loans/disclosure.ts";
import { POPUP_IMAGE, type PublicPopup, type WithDisclosure } from "#app/features/campaigns/model.ts";
import styles from "./EventPopup.module.css";

const subscribeNothing = () => () => {};

/**
 * The partner bank's event popup (spec §2, §4). It depends on this browser's
 * localStorage, so it is decided after hydration and never in the server
 * HTML; as a modal in the top layer it moves nothing on the page. Every way
 * of closing it (button, backdrop, Escape) keeps it hidden until the end of
 * the day when "Don't show again today" is ticked, and stores nothing when
 * it is not. It stays away while a legal document is open. Its image is
 * smaller than the hero image, so it never becomes the largest paint. Its
 * module comes with the page: loaded lazily it cost more on / than it saved
 * (the bundler's preload helper; measured in ADR 0045).
 */
export function EventPopup({ popup }: { popup: WithDisclosure<PublicPopup> }) {
  const t = useT();
  const titleId = useId();
  const { search } = useLocation();
  const due = useSyncExternalStore(subscribeNothing, readEventPopupDue, () => false);
  const [closed, setClosed] = useState(false);
  const dontShow = useRef<HTMLInputElement>(null);
  const open = due && !closed && !new URLSearchParams(search).has(POLICY_PARAM);

  const onClose = () => {
    if (dontShow.current?.checked) dismissEventPopupForToday();
    setClosed(true);
  };

  return (
    <Dialog open={open} onClose={onClose} closeOnBackdrop labelledBy={titleId} className={styles.popup}>
      <form method="dialog" className={styles.closeForm}>
        <button type="submit" className={styles.close} aria-label={t("home.popup.close")}>
          <CloseIcon size={22} />
        </button>
      </form>
      {/* A loan ad (review A13): it leads to the product's page on our site, and carries the disclosure.
          The body scrolls between the × and the bar (review N1): the whole block can be read on a
          320×568 phone, and both ways of closing stay in view. Focusable, so a keyboard scrolls it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (axe: scrollable-region-focusable) */}
      <div className={styles.body} tabIndex={0} role="region" aria-labelledby={titleId} data-testid="popup-body">
        <Link to={productPageHref(popup.productKey)} className={styles.event}>
          <DaebuMark text={popup.disclosure?.mark} inline />
          <CampaignImage image={popup.image} image2x={popup.image2x} box={POPUP_IMAGE} className={styles.image} />
          <span className={styles.caption}>
            <strong id={titleId}>{popup.alt}</strong>
            <span className={styles.cta}>{t(popup.event ? "home.popup.cta" : "home.popup.ctaLoan")} ›</span>
          </span>
        </Link>
        {/* An event's terms and period, in the popup itself (review N9; 별표 5 1.가·1.다). */}
        {popup.event ? (
          <div className={styles.terms} data-testid="event-terms">
            <p>{t("home.popup.eventTerms", { terms: popup.event.terms })}</p>
            <p>{t("home.popup.eventPeriod", { from: popup.event.from, until: popup.event.until })}</p>
          </div>
        ) : null}
        {popup.disclosure ? <Disclosure text={popup.disclosure} /> : null}
      </div>
      <form method="dialog" className={styles.bar}>
        <label className={styles.dontShow}>
          <input ref={dontShow} type="checkbox" name="dontShow" />
          {t("home.popup.dontShow")}
        </label>
        <button type="submit" className={styles.closeText}>
          {t("home.popup.close")}
        </button>
      </form>
    </Dialog>
  );
}
