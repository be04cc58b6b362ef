import { Button } from "#app/ui/Button.tsx";
import { useAdminT, type AdminKey } from "#app/features/console/i18n.ts";
import { Notice, PageTitle, PostForm } from "#app/features/console/parts.tsx";
import console from "#app/features/console/console.module.css";
import { ColumnHeads } from "#app/ui/Table.tsx";
import type { LedgerEntry } from "./ledger.server.ts";

/** What each count or cutoff names, in the console's language (a name the catalog lacks shows as it is). */
function useItems() {
  const t = useAdminT();
  return (values: Record<string, string | number>, none: string) =>
    Object.entries(values)
      .map(([k, v]) => `${DESTRUCTION_ITEMS.has(k) ? t(`destruction.item.${k}` as AdminKey) : k} ${v}`)
      .join(", ") || none;
}

const DESTRUCTION_ITEMS = new Set([
  ...["proposals", "counterInquiries", "consultations", "rightsRequests", "doNotContact", "accessRecords", "asRequests", "asPhotos"],
  ...["purchaseRequests", "expiredSessions", "staleSignInCounters", "alertDeliveries", "sentLinks", "orphanSources"],
  ...["consultation", "proposal", "as", "purchase", "rights"],
]);

/** The destruction ledger (issue 52 item 6): each run and erasure, confirmed by the privacy officer. */
export function DestructionPage({
  data,
  result,
}: {
  data: { entries: LedgerEntry[]; unconfirmed: number };
  result?: { confirmed: boolean };
}) {
  const t = useAdminT();
  const list = useItems();
  return (
    <>
      <PageTitle aside={<span className={console.muted}>{t("time.zoneNote")}</span>}>{t("destruction.title")}</PageTitle>
      <p className={console.muted}>{t("destruction.intro")}</p>
      {result?.confirmed ? <Notice tone="ok">{t("destruction.done")}</Notice> : null}
      <p role="status">{t("destruction.unconfirmed", { count: data.unconfirmed })}</p>
      {data.entries.length ? (
        <table className={console.table}>
          <caption className="visually-hidden">{t("destruction.title")}</caption>
          <ColumnHeads
            columns={[
              t("destruction.col.at"),
              t("destruction.col.kind"),
              t("destruction.col.actor"),
              t("destruction.col.cutoffs"),
              t("destruction.col.counts"),
              t("destruction.col.confirmed"),
            ]}
          />
          <tbody>
            {data.entries.map((e) => (
              <tr key={e.id}>
                <td data-label={t("destruction.col.at")} className={console.nowrap}>
                  {e.at}
                </td>
                <td data-label={t("destruction.col.kind")}>
                  {t(`destruction.kind.${e.kind}`)}
                  {e.detail ? <span className={console.muted}> {e.detail}</span> : null}
                </td>
                <td data-label={t("destruction.col.actor")}>{e.actor}</td>
                <td data-label={t("destruction.col.cutoffs")}>{list(e.cutoffs, "—")}</td>
                <td data-label={t("destruction.col.counts")}>{list(e.counts, t("destruction.nothing"))}</td>
                <td data-label={t("destruction.col.confirmed")}>
                  {e.confirmed ? (
                    t("destruction.confirmed", { by: e.confirmed.by, at: e.confirmed.at })
                  ) : (
                    <PostForm intent="confirm">
                      <input type="hidden" name="id" value={e.id} />
                      <Button type="submit" aria-label={`${t("destruction.confirm")} #${e.id}`}>
                        {t("destruction.confirm")}
                      </Button>
                    </PostForm>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={console.empty}>{t("destruction.empty")}</p>
      )}
    </>
  );
}
