import { useEffect, useRef, useState } from "react";
import { Link, href } from "react-router";
import { useT } from "#app/i18n/useT.ts";
import { LOCALE_NATIVE_NAME } from "#app/i18n/locales.ts";
import { ChoiceChip } from "#app/ui/Chip.tsx";
import { usePrefersReducedMotion } from "#app/ui/useAutoAdvance.ts";
import { ConsultCta } from "#app/features/site/ConsultCta.tsx";
import { VIDEO_LANGS, videoFor, type VideoLang } from "#app/features/loan-guide/videos.ts";
import styles from "./LoanGuide.module.css";
import { RateItems } from "#app/loans/RateItems.tsx";
import type { RateItemsText } from "#app/loans/disclosure.ts";

const PATH = href("/our-products/loan");
const STEPS = ["check", "documents", "request", "call", "safe"] as const;

/**
 * /our-products/loan (spec §2): the product sub-nav (only Loan), the video
 * language toggle and the autoplaying, muted, inline tutorial. The toggle is
 * a GET form (`?video=`) that works without JavaScript; with it the video
 * element is replaced at once. The steps are also written out below: the
 * video's text alternative. Below them, what the live products lend
 * (`figures`, written by the loader; nothing when no product is live).
 */
export function LoanGuide({
  initialLang,
  figures = null,
  rateItems = null,
}: {
  initialLang: VideoLang;
  figures?: string | null;
  /** With a 대부중개업 registration: the 대부업법 items beside the figures sentence (ADR 0056). */
  rateItems?: RateItemsText | null;
}) {
  const t = useT();
  const [lang, setLang] = useState(initialLang);
  const video = videoFor(lang);
  return (
    <div className={styles.page}>
      <nav aria-label={t("guide.subnav")} className={styles.subnav}>
        <Link to={PATH} aria-current="page">
          {t("common.menu.productLoan")}
        </Link>
      </nav>
      <p className={styles.intro}>{t("guide.intro")}</p>
      <form method="get" action={PATH} className={styles.toggle} aria-label={t("guide.toggle")}>
        {VIDEO_LANGS.map((code) => (
          <ChoiceChip key={code} name="video" value={code} lang={code} pressed={code === lang} onChoose={setLang}>
            {LOCALE_NATIVE_NAME[code]}
          </ChoiceChip>
        ))}
      </form>
      <TutorialVideo
        key={video.src}
        src={video.src}
        poster={video.poster}
        label={t("guide.videoLabel", { language: t(`guide.languages.${lang}`) })}
        fallback={t("guide.fallback")}
      />
      <section aria-labelledby="guide-steps" className={styles.steps}>
        <h2 id="guide-steps">{t("guide.stepsTitle")}</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step}>{t(`guide.steps.${step}`)}</li>
          ))}
        </ol>
      </section>
      {figures ? <p className={styles.figures}>{figures}</p> : null}
      {figures ? <RateItems items={rateItems} /> : null}
      <ConsultCta text={t("guide.cta.text")} button={t("guide.cta.button")} />
    </div>
  );
}

/** Muted, inline, looping; the poster holds the space. It stays still for reduced motion or Save-Data. */
function TutorialVideo({ src, poster, label, fallback }: { src: string; poster: string; label: string; fallback: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (reducedMotion || saveData) el.pause();
  }, [reducedMotion]);
  return (
    <video
      ref={ref}
      className={styles.video}
      aria-label={label}
      poster={poster}
      width={960}
      height={540}
      autoPlay
      muted
      loop
      playsInline
      controls
      preload="metadata"
    >
      <source src={src} type="video/mp4" />
      <p>
        {fallback} <a href={src}>{src.split("/").pop()}</a>
      </p>
    </video>
  );
}
