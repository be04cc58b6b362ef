import { useState } from "react";
import { useT } from "#app/i18n/useT.ts";
import { RotationButton } from "#app/ui/RotationButton.tsx";
import { Section } from "#app/ui/Section.tsx";
import { useAutoAdvance } from "#app/ui/useAutoAdvance.ts";
import styles from "./StatsBanner.module.css";

/** Spec §1, §4: four figures, a new one every 2 s. */
const STATS = ["signups", "approved", "approvalRate", "disbursed"] as const;
const STATS_INTERVAL_MS = 2000;

/**
 * The statistics banner. All four figures are stacked in one grid cell, so
 * the banner is as tall as the tallest in every language and nothing moves
 * around it; the current one fades and slides in (0.4 s, none with reduced
 * motion). Screen readers get the four figures as one list instead.
 */
export function StatsBanner() {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const [index] = useAutoAdvance(STATS.length, STATS_INTERVAL_MS, { paused });
  return (
    <Section className={styles.section} aria-labelledby="stats-title">
      <div className={styles.banner}>
        <h2 id="stats-title" className="visually-hidden">
          {t("home.stats.title")}
        </h2>
        <ul className="visually-hidden">
          {STATS.map((key) => (
            <li key={key}>
              {t(`home.stats.${key}`)} {t(`home.stats.${key}Value`)}
            </li>
          ))}
        </ul>
        <div className={styles.stage} aria-hidden="true">
          {STATS.map((key, i) => (
            <p key={key} className={i === index ? `${styles.stat} ${styles.current}` : styles.stat}>
              <span className={styles.value}>{t(`home.stats.${key}Value`)}</span>
              <span className={styles.label}>{t(`home.stats.${key}`)}</span>
            </p>
          ))}
        </div>
        <RotationButton
          className={styles.toggle}
          paused={paused}
          onToggle={() => setPaused((p) => !p)}
          pauseLabel={t("common.rotation.pause")}
          playLabel={t("common.rotation.play")}
        />
      </div>
    </Section>
  );
}
