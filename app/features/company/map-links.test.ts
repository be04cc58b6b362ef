import { describe, expect, it } from "vitest";
import { kakaoSdkUrl, mapLinks, shouldLoadMap } from "#app/features/company/map-links.ts";

describe("location page decisions", () => {
  it("does not try the Kakao SDK without an app key, or offline", () => {
    expect(shouldLoadMap("", true)).toBe(false);
    expect(shouldLoadMap("   ", true)).toBe(false);
    expect(shouldLoadMap(undefined, true)).toBe(false);
    expect(shouldLoadMap("abc123", false)).toBe(false);
    expect(shouldLoadMap("abc123", true)).toBe(true);
  });
  it("loads the SDK with autoload=false and the key escaped", () => {
    expect(kakaoSdkUrl("a b&c")).toBe("https://dapi.kakao.com/v2/maps/sdk.js?appkey=a%20b%26c&autoload=false");
  });
  it("links the office in Kakao Map, Naver Map and Google Maps", () => {
    const links = mapLinks({ name: "K-Loan Guide", lat: 37.5, lng: 126.9, addressKo: "서울 중구 샘플로 12" });
    expect(links.kakao).toBe("https://map.kakao.com/link/map/K-Loan%20Guide,37.5,126.9");
    expect(links.naver).toBe(`https://map.naver.com/p/search/${encodeURIComponent("서울 중구 샘플로 12")}`);
    expect(links.google).toBe("https://www.google.com/maps/search/?api=1&query=37.5,126.9");
  });
});
