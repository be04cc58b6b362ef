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

/** A brand's filled mark, as the chat apps draw it. */
function Mark({ d, evenOdd = false }: { d: string; evenOdd?: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule={evenOdd ? "evenodd" : undefined} d={d} />
    </svg>
  );
}

const CHAT_LINKS = [
  {
    key: "whatsapp",
    mark: "M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z",
  },
  {
    key: "messenger",
    mark: "M12 2C6.4 2 2 6.1 2 11.7c0 2.9 1.2 5.5 3.2 7.2V22l3-1.6c.9.2 1.8.4 2.8.4 5.6 0 10-4.1 10-9.6S17.6 2 12 2zm1 12.9-2.5-2.7-5 2.7 5.5-5.8 2.6 2.7 4.9-2.7-5.5 5.8z",
  },
  {
    key: "kakaotalk",
    mark: "M12 3C6.5 3 2 6.6 2 11c0 2.8 1.9 5.3 4.7 6.7l-1 3.6c-.1.4.3.7.6.5l4.3-2.9c.5.1.9.1 1.4.1 5.5 0 10-3.6 10-8s-4.5-8-10-8z",
  },
  {
    key: "zalo",
    mark: "M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.5 21l3.8-1.7c1.2.4 2.4.6 3.7.6 5.5 0 10-3.8 10-8.4S17.5 3 12 3zM8 8h8v1.6l-5.4 5.2H16V16.5H8v-1.6l5.4-5.2H8z",
    evenOdd: true,
  },
] as const;

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
          {CHAT_LINKS.filter(({ key }) => chat[key] !== "").map((link) => (
            <li key={link.key}>
              <ExternalLink href={chat[link.key]} className={styles.option}>
                <span className={`${styles.icon} ${styles[link.key]}`}>
                  <Mark d={link.mark} evenOdd={"evenOdd" in link} />
                </span>
                {t(`site.contact.${link.key}`)}
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
