/**
 * A field people never see or fill; bots that fill every input do. The
 * server treats a filled honeypot as spam: it answers success and stores
 * nothing. Name shared with `isSpam` in lib/honeypot.ts.
 */
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";

export function Honeypot({ label }: { label: string }) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
