/**
 * The phone as the completion page shows it (spec §2): first 3 digits,
 * "****", last 4 digits when it has at least 8 digits; otherwise the digits.
 */
export function maskPhone(phone: string): string {
  // Not ~/lib/schema's digitsOnly: that module brings valibot to a page that validates nothing.
  const digits = phone.replace(/\D+/g, "");
  if (digits.length < 8) return digits;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}
