import { useEffect, useMemo, useRef, useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { site, telHref } from "#app/config/site.ts";
import { useBusiness } from "#app/business/useBusiness.ts";
import type { BusinessIdentity } from "#app/business/identity.ts";
import { useHydrated } from "#app/ui/useHydrated.ts";
import { PageHeading } from "#app/ui/PageHeading.tsx";
import { usePageTitle } from "#app/features/site/PageTitle.tsx";
import { ExternalLink } from "#app/ui/ExternalLink.tsx";
import { ExternalIcon } from "#app/ui/icons.tsx";
import { loadKakaoMaps, type KakaoMaps } from "#app/features/company/kakao-maps.ts";
import { mapLinks, shouldLoadMap } from "#app/features/company/map-links.ts";
import styles from "./location.module.css";

type Office = { name: string; lat: number; lng: number; addressKo: string };

function officeOf(business: BusinessIdentity): Office {
  return { name: business.tradeNameEn, lat: business.lat, lng: business.lng, addressKo: business.addressKo };
}

/** Centre on the office at level 4 with the 42×42 marker (spec §2, §9). */
function drawMap(maps: KakaoMaps, container: HTMLElement, office: Office) {
  const center = new maps.LatLng(office.lat, office.lng);
  const map = new maps.Map(container, { center, level: site.office.mapZoomLevel });
  const size = site.office.markerSize;
  const marker = new maps.Marker({
    position: center,
    image: new maps.MarkerImage(site.office.marker, new maps.Size(size, size)),
    title: office.name,
  });
  marker.setMap(map);
}

type MapStatus = "static" | "loading" | "ready" | "failed";

/**
 * /company/location (spec §2): the office on a Kakao map, its address and
 * phone. The server renders the static version (address, phone, links to
 * Kakao Map, Naver Map and Google Maps), which is also what remains without
 * an app key, without JavaScript, offline, or when the SDK fails; with a key
 * the map replaces it in the same reserved box once it has drawn.
 */
export function LocationPage({ appKey }: { appKey: string }) {
  const t = useT();
  const business = useBusiness();
  const office = useMemo(() => officeOf(business), [business]);
  const links = mapLinks(office);
  const title = usePageTitle();
  const hydrated = useHydrated();
  const mapRef = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<"pending" | "ready" | "failed">("pending");
  const canLoad = hydrated && shouldLoadMap(appKey, navigator.onLine);

  useEffect(() => {
    if (!canLoad) return;
    let cancelled = false;
    loadKakaoMaps(appKey)
      .then((maps) => {
        if (cancelled || !mapRef.current) return;
        drawMap(maps, mapRef.current, office);
        setOutcome("ready");
      })
      .catch(() => {
        if (!cancelled) setOutcome("failed");
      });
    return () => {
      cancelled = true;
    };
  }, [canLoad, appKey, office]);

  const status: MapStatus = !hydrated
    ? "static"
    : outcome === "ready"
      ? "ready"
      : outcome === "failed" || (appKey && !canLoad)
        ? "failed"
        : canLoad
          ? "loading"
          : "static";

  return (
    <article className={styles.page}>
      <PageHeading subtitle={t("company.location.lead")}>{title}</PageHeading>
      <section className={styles.mapBox} aria-label={t("company.location.mapLabel")} data-status={status}>
        {canLoad ? <div ref={mapRef} className={styles.map} /> : null}
        {status !== "ready" ? (
          <div className={styles.fallback}>
            <img src={site.office.marker} width={site.office.markerSize} height={site.office.markerSize} alt="" className={styles.pin} />
            <p className={styles.fallbackTitle} role="status">
              {status === "loading"
                ? t("company.location.loading")
                : status === "failed"
                  ? t("company.location.failed")
                  : t("company.location.static")}
            </p>
            <ul className={styles.mapLinks}>
              {(["kakao", "naver", "google"] as const).map((key) => (
                <li key={key}>
                  <ExternalLink href={links[key]} className={styles.mapLink}>
                    {t(`company.location.open.${key}`)}
                    <ExternalIcon size={16} />
                    <span className="visually-hidden"> {t("company.location.newTab")}</span>
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <dl className={styles.details}>
        <div>
          <dt>{t("company.location.address")}</dt>
          <dd>
            <span>{business.addressEn}</span>
            <span lang="ko" className={styles.korean}>
              {business.addressKo}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("company.location.phone")}</dt>
          <dd>
            <a href={telHref(business.phone)} className={styles.phone}>
              {business.phone}
            </a>
          </dd>
        </div>
      </dl>
    </article>
  );
}
