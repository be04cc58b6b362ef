import { afterEach, describe, expect, it, vi } from "vitest";
import {
  EVENT_POPUP_STORAGE_KEY,
  dismissEventPopupForToday,
  endOfLocalDay,
  isEventPopupDue,
  readEventPopupDue,
} from "#app/features/home/event-popup.ts";

describe("event popup dismissal (spec §4)", () => {
  it("ends the day at 23:59:59.999 local time", () => {
    const end = new Date(endOfLocalDay(new Date(2024, 1, 29, 0, 0, 0, 0)));
    expect([
      end.getFullYear(),
      end.getMonth(),
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
      end.getSeconds(),
      end.getMilliseconds(),
    ]).toEqual([2024, 1, 29, 23, 59, 59, 999]);
    expect(endOfLocalDay(new Date(2024, 1, 29, 23, 59, 59, 999))).toBe(end.getTime());
  });

  it("is due when now is later than the stored time, absent counting as 0", () => {
    expect(isEventPopupDue(1000, null)).toBe(true);
    expect(isEventPopupDue(1000, "999")).toBe(true);
    expect(isEventPopupDue(1000, "1000")).toBe(false);
    expect(isEventPopupDue(1000, "5000")).toBe(false);
    expect(isEventPopupDue(1000, "not a number")).toBe(true);
  });

  describe("with localStorage", () => {
    const store = new Map<string, string>();
    afterEach(() => {
      store.clear();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });
    const stubStorage = () =>
      vi.stubGlobal("window", {
        localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      });

    it("stores the end of today and stays hidden until it passes", () => {
      stubStorage();
      vi.useFakeTimers();
      vi.setSystemTime(new Date(2024, 5, 10, 9, 30));
      expect(readEventPopupDue()).toBe(true);
      dismissEventPopupForToday();
      expect(store.get(EVENT_POPUP_STORAGE_KEY)).toBe(String(new Date(2024, 5, 10, 23, 59, 59, 999).getTime()));
      vi.setSystemTime(new Date(2024, 5, 10, 23, 59, 59, 999));
      expect(readEventPopupDue()).toBe(false);
      vi.setSystemTime(new Date(2024, 5, 11, 0, 0, 0, 0));
      expect(readEventPopupDue()).toBe(true);
    });

    it("shows the popup when storage is unavailable", () => {
      vi.stubGlobal("window", {
        get localStorage(): Storage {
          throw new Error("SecurityError");
        },
      });
      expect(readEventPopupDue()).toBe(true);
      expect(() => dismissEventPopupForToday()).not.toThrow();
    });
  });
});
