/**
 * Links that open the office in a map app or site (the location page's static
 * fallback). Built from coordinates, so they point at the pin even where an
 * address search would be ambiguous; Naver searches the Korean address.
 */
interface Place {
  name: string;
  lat: number;
  lng: number;
  addressKo: string;
}

export function mapLinks(place: Place) {
  const { name, lat, lng } = place;
  return {
    kakao: `https://map.kakao.com/link/map/${encodeURIComponent(name)},${lat},${lng}`,
    naver: `https://map.naver.com/p/search/${encodeURIComponent(place.addressKo)}`,
    google: `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`,
  } as const;
}

/** The Kakao Maps JavaScript SDK, loaded on demand (`kakao.maps.load`). */
export function kakaoSdkUrl(appKey: string): string {
  return `https://dapi.kakao.com/v2/maps/sdk.js?appkey=${encodeURIComponent(appKey)}&autoload=false`;
}

/**
 * Whether the page should try the interactive map at all: only with an app
 * key, and not when the browser knows it is offline. Otherwise the static
 * fallback (address, phone, map links) is all there is.
 */
export function shouldLoadMap(appKey: string | undefined, online: boolean): boolean {
  return !!appKey && appKey.trim() !== "" && online;
}
