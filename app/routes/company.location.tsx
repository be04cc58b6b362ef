import type { Route } from "./+types/company.location";
import { pageMeta } from "#app/web/meta.ts";
import { sharedPage } from "#app/lib/cache.ts";
import { services } from "#app/lib/services.server.ts";
import { companyPageData } from "#app/features/company/page.server.ts";
import { LocationPage } from "#app/features/company/LocationPage.tsx";

/** The Kakao app key (KAKAO_MAP_APP_KEY) goes to this page only: it is a browser key, not a secret. */
export function loader({ context }: Route.LoaderArgs) {
  return { ...companyPageData(context, "companyLocation", "location"), kakaoMapAppKey: services(context).kakaoMapAppKey };
}

export const meta = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LocationPage appKey={loaderData.kakaoMapAppKey} />;
}

/** The same for every visitor of a language: the server may keep it (ADR 0008); the map is drawn in the browser. */
export const headers = sharedPage();
