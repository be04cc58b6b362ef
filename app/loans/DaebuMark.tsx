import styles from "./Disclosure.module.css";

/**
 * The 상호 and the 대부중개업 registration number at the top left of an ad
 * (대부업법 시행령 별표 1 제1호 가목) and on the home page's first screen (마목),
 * with a 대부중개업 registration only (issue 48 item 1b, ADR 0051): the first
 * thing in the ad, above its text, at the ad's start edge, never smaller
 * than the body. The text comes finished from the server (`daebuMarkText`).
 * `inline` when it sits inside a link (a banner card, the popup): a
 * block-level span, padded off the card's edge.
 */
export function DaebuMark({ text, inline = false }: { text: string | null | undefined; inline?: boolean }) {
  if (!text) return null;
  const Tag = inline ? "span" : "p";
  return (
    <Tag lang="ko" className={inline ? `${styles.mark} ${styles.markInCard}` : styles.mark} data-daebu-mark="">
      {text}
    </Tag>
  );
}
