import { useState, type CSSProperties } from "react";
import { useT } from "#app/i18n/useT.ts";
import { telHref } from "#app/config/site.ts";
import { useBrandSettings, useBusiness } from "#app/business/useBusiness.ts";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ChatIcon, CloseIcon, PhoneIcon } from "#app/ui/icons.tsx";
import styles from "./ContactWidget.module.css";

const PANEL_ID = "contact-options";

function supportsPopover() {
  return typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;
}

/** The chat channels, in the order the options list them; each one's mark is drawn by the stylesheet. */
const CHAT_LINKS = ["whatsapp", "messenger", "kakaotalk", "zalo"] as const;

/**
 * The floating contact button of every page (spec §2, §4): a chat button at
 * the bottom right; tapping it dims the page and shows Call and the chat
 * channels the business sets (WhatsApp, Messenger, KakaoTalk, Zalo: the
 * console's Brand page), and the button becomes a close button. A complementary landmark
 * of its own, so the open options are not content outside every landmark.
 *
 * Built on the Popover API: it opens, closes, dims (`::backdrop`), closes on
 * a tap outside and on Escape with no JavaScript, so it works before the page
 * has hydrated. Browsers without popovers get the same from a small state.
 */
export function ContactWidget({ bottomOffset = 28 }: { bottomOffset?: number }) {
  const t = useT();
  const business = useBusiness();
  const { chat } = useBrandSettings();
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const toggleFallback = () => {
    if (!supportsPopover()) setFallbackOpen((open) => !open);
  };
  return (
    <aside
      className={styles.widget}
      style={{ "--contact-bottom": `${bottomOffset}px` } as CSSProperties}
      aria-label={t("site.contact.open")}
    >
      <button
        type="button"
        className={styles.fab}
        popoverTarget={PANEL_ID}
        popoverTargetAction="show"
        aria-label={t("site.contact.open")}
        onClick={toggleFallback}
      >
        <ChatIcon size={28} />
      </button>
      <div id={PANEL_ID} popover="auto" className={[styles.panel, fallbackOpen ? styles.fallbackOpen : ""].join(" ")}>
        <ul className={styles.options} aria-label={t("site.contact.title")}>
          <li>
            <a href={telHref(business.phone)} className={styles.option}>
              <span className={`${styles.icon} ${styles.call}`}>
                <PhoneIcon size={20} />
              </span>
              {t("site.contact.call")}
            </a>
          </li>
          {CHAT_LINKS.filter((key) => chat[key] !== "").map((key) => (
            <li key={key}>
              <ExternalLink href={chat[key]} className={styles.option}>
                <span className={`${styles.icon} ${styles[key]}`}>
                  <span className={styles.mark} />
                </span>
                {t(`site.contact.${key}`)}
                <span className="visually-hidden"> {t("site.contact.newTab")}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={`${styles.fab} ${styles.close}`}
          popoverTarget={PANEL_ID}
          popoverTargetAction="hide"
          aria-label={t("site.contact.close")}
          onClick={toggleFallback}
        >
          <CloseIcon size={26} />
        </button>
      </div>
    </aside>
  );
}
