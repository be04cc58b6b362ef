import type { AnchorHTMLAttributes } from "react";

/** A link that leaves the site: new tab, no opener, no referrer. Only http(s). */
export function ExternalLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const safe = /^https?:\/\//i.test(href) ? href : "#";
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
