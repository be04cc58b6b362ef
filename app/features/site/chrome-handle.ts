/**
 * What a route can tell the site chrome through its `handle` export, e.g.
 * `export const handle = { contactWidgetOffset: 96 }` on a page with a
 * sticky bottom bar, so the contact button sits above it.
 */
interface ChromeHandle {
  /** Distance of the floating contact button from the bottom, in px (default 28). */
  contactWidgetOffset?: number;
}

/** The deepest matched route's offset, if any route sets one. */
export function contactWidgetOffset(matches: readonly { handle?: unknown }[]): number | undefined {
  let offset: number | undefined;
  for (const match of matches) {
    const value = (match.handle as ChromeHandle | undefined)?.contactWidgetOffset;
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) offset = value;
  }
  return offset;
}
