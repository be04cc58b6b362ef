import { site } from "#app/config/site.ts";
import type { Locale } from "#app/i18n/locales.ts";

type GuideVideo = (typeof site.guideVideos)[number];
export type VideoLang = GuideVideo["lang"];

export const VIDEO_LANGS = site.guideVideos.map((v) => v.lang);

function isVideoLang(value: unknown): value is VideoLang {
  return typeof value === "string" && (VIDEO_LANGS as readonly string[]).includes(value);
}

/** `?video=` (the toggle without JavaScript), else the reader's language when there is a video in it, else English. */
export function initialVideoLang(url: URL, locale: Locale): VideoLang {
  const wanted = url.searchParams.get("video");
  if (isVideoLang(wanted)) return wanted;
  return isVideoLang(locale) ? locale : "en";
}

export function videoFor(lang: VideoLang): GuideVideo {
  return site.guideVideos.find((v) => v.lang === lang) ?? site.guideVideos[0];
}
