import { createContext, useContext } from "react";
import { Links, useLocation } from "react-router";

/** The URL of the site's stylesheet, given by entry.server; empty in the browser. */
export const StylesheetContext = createContext("");

/** In the browser: the stylesheet the server linked (the same element, kept as it is). */
const linked = typeof document === "undefined" ? "" : (document.getElementById("app-css")?.getAttribute("href") ?? "");

/**
 * Styles in the <head>. In production every public page links the site's one
 * stylesheet, a hashed asset the browser loads once and keeps, rather than
 * carrying the CSS in every response (docs/decisions/0045, which replaced
 * 0009's inline CSS): all public CSS is in it, so a client-side navigation
 * needs no other. In development, and for the operator console, React
 * Router's stylesheet links.
 */
export function Styles() {
  const href = useContext(StylesheetContext) || linked;
  const { pathname } = useLocation();
  if (import.meta.env.DEV || pathname.startsWith("/admin")) return <Links />;
  return <link id="app-css" rel="stylesheet" href={href} suppressHydrationWarning />;
}
