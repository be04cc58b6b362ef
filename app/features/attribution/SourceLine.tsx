import { useAdminT } from "#app/features/console/i18n.ts";
import type { SourceSummary } from "#app/features/attribution/console.server.ts";

/** A request's source in the inbox (issue 28): UTM tags, banner, referring site, eligibility check; "direct" when none. */
export function SourceLine({ source }: { source?: SourceSummary }) {
  const t = useAdminT();
  const parts = source
    ? [
        source.utm ? t("source.utm", { value: source.utm }) : null,
        source.banner ? t("source.banner", { value: source.banner }) : null,
        source.referrer ? t("source.referrer", { value: source.referrer }) : null,
        source.eligibility ? t("source.eligibility") : null,
      ].filter(Boolean)
    : [];
  return (
    <small style={{ display: "block", color: "#5b6475", overflowWrap: "anywhere" }}>
      {parts.length ? parts.join(" · ") : t("source.none")}
    </small>
  );
}
