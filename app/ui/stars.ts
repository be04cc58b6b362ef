/**
 * How a rating is drawn (spec §9): the integer part as full stars, one half
 * star when the fraction is 0.5 or more, the rest empty. Out-of-range and
 * non-numeric ratings are clamped to 0…max.
 */
export function starParts(rating: number, max = 5): { full: number; half: number; empty: number } {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), max) : 0;
  const full = Math.floor(value);
  const half = value - full >= 0.5 ? 1 : 0;
  return { full, half, empty: max - full - half };
}
