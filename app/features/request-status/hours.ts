import { site } from "#app/config/site.ts";
import { seoulWall } from "#app/lib/seoul-time.ts";

/**
 * The advisers' working hours (app/config/site.ts, Korea time, which has no
 * daylight saving: UTC+9 all year) and the call-back slots a visitor may
 * choose on the status page (issue 28): every full hour inside them, from
 * the next full hour at least 30 minutes away, for 7 days.
 */
const HOUR_MS = 60 * 60 * 1000;
export const RESCHEDULE_DAYS = 7;
const LEAD_MS = 30 * 60 * 1000;

/** ISO weekday (1 Monday … 7 Sunday) and hour of an instant in Korea. */
function kst(instant: Date) {
  const shifted = seoulWall(instant);
  return { weekday: shifted.getUTCDay() || 7, hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

/** Whether a call may start at this instant: a full hour, a working day, inside the hours. */
export function isCallSlot(instant: Date, hours = site.adviser): boolean {
  const { weekday, hour, minute } = kst(instant);
  return (
    minute === 0 &&
    instant.getUTCSeconds() === 0 &&
    instant.getUTCMilliseconds() === 0 &&
    (hours.workingDays as readonly number[]).includes(weekday) &&
    hour >= hours.opensHour &&
    hour < hours.closesHour
  );
}

/** The slots offered at `now`, earliest first. */
export function callSlots(now: Date, hours = site.adviser): Date[] {
  const first = Math.ceil((now.getTime() + LEAD_MS) / HOUR_MS) * HOUR_MS;
  const last = now.getTime() + RESCHEDULE_DAYS * 24 * HOUR_MS;
  const slots: Date[] = [];
  for (let t = first; t <= last; t += HOUR_MS) {
    const slot = new Date(t);
    if (isCallSlot(slot, hours)) slots.push(slot);
  }
  return slots;
}

/** A chosen slot is accepted when it is one of those offered now (a page left open an hour still works while its slot is ahead). */
export function isOfferedSlot(value: string, now: Date, hours = site.adviser): Date | null {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== value) return null;
  if (instant.getTime() <= now.getTime() || instant.getTime() > now.getTime() + RESCHEDULE_DAYS * 24 * HOUR_MS) return null;
  return isCallSlot(instant, hours) ? instant : null;
}

/** Whether an instant falls inside the working hours (a request sent then is called within one working hour). */
export function isWorkingTime(instant: Date, hours = site.adviser): boolean {
  const { weekday, hour } = kst(instant);
  return (hours.workingDays as readonly number[]).includes(weekday) && hour >= hours.opensHour && hour < hours.closesHour;
}
