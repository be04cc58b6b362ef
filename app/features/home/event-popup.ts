/** localStorage key holding the time (ms) until which the event popup stays hidden (spec §3). */
export const EVENT_POPUP_STORAGE_KEY = "eventPopupDismissUntil";

/** 23:59:59.999 of the visitor's current local day, in milliseconds (spec §4, §9). */
export function endOfLocalDay(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999).getTime();
}

/** Shown when now is later than the stored time; absent or unreadable counts as 0. */
export function isEventPopupDue(now: number, stored: string | null): boolean {
  const until = Number(stored ?? 0);
  return now > (Number.isFinite(until) ? until : 0);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage disabled: show the popup, remember nothing.
  }
}

export function readEventPopupDue(): boolean {
  return isEventPopupDue(Date.now(), storage()?.getItem(EVENT_POPUP_STORAGE_KEY) ?? null);
}

/** "Don't show again": hidden until the end of today. */
export function dismissEventPopupForToday(now = new Date()): void {
  try {
    storage()?.setItem(EVENT_POPUP_STORAGE_KEY, String(endOfLocalDay(now)));
  } catch {
    // Storage full or disabled: the popup comes back next time, nothing breaks.
  }
}
