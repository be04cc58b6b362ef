import { useT } from "#app/i18n/useT.ts";
import { site } from "#app/config/site.ts";
import { useBrandSettings } from "#app/business/useBusiness.ts";
import { ExchangeCarousel } from "#app/features/info/ExchangeCarousel.tsx";
import { LinkList, LinkRow } from "#app/ui/LinkRow.tsx";
import { CalendarMark, ExchangeMark } from "#app/features/info/brand-icons.tsx";
import styles from "./ExchangePage.module.css";
import page from "#app/ui/Page.module.css";

/** /information-service/currency-exchange: the branches, the exchange service and its reservation site. */
export function ExchangePage() {
  const t = useT();
  const newTab = t("info.newTab");
  const { exchangeService, exchangeReservation } = useBrandSettings().links;
  const branches = site.exchangeBranches.map((branch) => ({
    id: branch.id,
    image: branch.image,
    name: t(`info.exchange.branches.${branch.id}.name`),
    area: t(`info.exchange.branches.${branch.id}.area`),
  }));
  return (
    <div className={`${page.page} ${page.stack}`}>
      <p className={page.intro}>{t("info.exchange.intro")}</p>
      <ExchangeCarousel slides={branches} />
      {exchangeService || exchangeReservation ? (
        <LinkList>
          {exchangeService ? (
            <LinkRow
              href={exchangeService}
              icon={<ExchangeMark />}
              label={t("info.exchange.service.title")}
              detail={t("info.exchange.service.detail")}
              newTab={newTab}
            />
          ) : null}
          {exchangeReservation ? (
            <LinkRow
              href={exchangeReservation}
              icon={<CalendarMark />}
              label={t("info.exchange.reservation.title")}
              detail={t("info.exchange.reservation.detail")}
              newTab={newTab}
            />
          ) : null}
        </LinkList>
      ) : null}
      <section aria-labelledby="exchange-branches" className={styles.branches}>
        <h2 id="exchange-branches">{t("info.exchange.branchesTitle", { count: branches.length })}</h2>
        <ol>
          {branches.map((branch) => (
            <li key={branch.id}>
              <strong>{branch.name}</strong>
              <span>{branch.area}</span>
            </li>
          ))}
        </ol>
        <p className={styles.tip}>{t("info.exchange.tip")}</p>
      </section>
    </div>
  );
}
