import type { AnchorHTMLAttributes } from "react";

/**
 * A link that leaves the site: new tab, no opener, no referrer. Only http(s),
 * or the site's own way out to a partner (`/go/<partner key>`, which counts
 * the tap and redirects to the partner's stored page).
 */
export function ExternalLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const safe = /^https?:\/\//i.test(href) || /^\/go\/[a-z0-9-]+$/.test(href) ? href : "#";
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
