import { createContext, useContext } from "react";
import { Links, useLocation } from "react-router";

/** The public CSS to inline, given by entry.server; empty in the browser. */
export const InlineCssContext = createContext("");

/**
 * Styles in the <head>. In production the public pages' CSS (a few KB gzip)
 * is inlined, so nothing blocks the first paint on a slow network
 * (docs/decisions/0009): the browser keeps the server's <style> and React
 * never touches it. In development, and for the operator console, React
 * Router's stylesheet links.
 */
export function Styles() {
  const css = useContext(InlineCssContext);
  const { pathname } = useLocation();
  if (import.meta.env.DEV || pathname.startsWith("/admin")) return <Links />;
  return <style id="app-css" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
