import { kakaoSdkUrl } from "#app/features/company/map-links.ts";

/**
 * The small part of the Kakao Maps API the location page uses
 * (https://apis.map.kakao.com/web/documentation/).
 */
export interface KakaoMaps {
  load(callback: () => void): void;
  LatLng: new (lat: number, lng: number) => unknown;
  Size: new (width: number, height: number) => unknown;
  Map: new (container: HTMLElement, options: { center: unknown; level: number }) => { relayout?: () => void };
  Marker: new (options: { position: unknown; image?: unknown; title?: string }) => { setMap(map: unknown): void };
  MarkerImage: new (src: string, size: unknown) => unknown;
}

declare global {
  interface Window {
    kakao?: { maps?: KakaoMaps };
  }
}

let pending: Promise<KakaoMaps> | undefined;

/**
 * Loads the SDK once, with autoload=false and `kakao.maps.load(cb)`. The
 * script element is created by our own (nonce-trusted) code, which the CSP's
 * 'strict-dynamic' allows; no other page ever adds it. Rejects on a network
 * error, an SDK that does not initialise, or after `timeoutMs`.
 */
export function loadKakaoMaps(appKey: string, timeoutMs = 10_000): Promise<KakaoMaps> {
  if (pending) return pending;
  pending = new Promise<KakaoMaps>((resolve, reject) => {
    const script = document.createElement("script");
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      pending = undefined;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail("timeout"), timeoutMs);
    script.src = kakaoSdkUrl(appKey);
    script.async = true;
    script.onerror = () => fail("network");
    script.onload = () => {
      const maps = window.kakao?.maps;
      if (!maps || typeof maps.load !== "function") return fail("sdk");
      maps.load(() => {
        clearTimeout(timer);
        resolve(maps);
      });
    };
    document.head.appendChild(script);
  });
  return pending;
}
