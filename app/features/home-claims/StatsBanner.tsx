import { useState } from "react";
import { useT, type TFunction } from "#app/i18n/useT.ts";
import { RotationButton } from "#app/ui/RotationButton.tsx";
import { Section } from "#app/ui/Section.tsx";
import { useAutoAdvance } from "#app/ui/useAutoAdvance.ts";
import type { FigureKey, PublicFigure } from "#app/features/home-claims/model.ts";
import styles from "./StatsBanner.module.css";

/** Spec §4: a new figure every 2 s. */
const STATS_INTERVAL_MS = 2000;

/** The figure's label in the catalog (home.stats.*). */
const LABEL = {
  requests: "requests",
  approved: "approved",
  approval_rate: "approvalRate",
  disbursed: "disbursed",
} as const satisfies Record<FigureKey, string>;

function shownValue(t: TFunction, figure: PublicFigure): string {
  if (figure.unit === "percent") return t("home.stats.percent", { value: figure.value });
  if (figure.unit === "billionWon" || figure.unit === "millionWon") return t(`home.stats.${figure.unit}`, { amount: figure.value });
  return figure.value;
}

/**
 * The statistics banner (issue 35, item 4): the operator's four figures,
 * each with the day it was counted and its source beside it. All four are
 * stacked in one grid cell, so the banner is as tall as the tallest in every
 * language and nothing moves around it; the current one fades and slides in
 * (0.4 s, none with reduced motion). Screen readers get the four as one
 * list instead.
 */
export function StatsBanner({ figures }: { figures: PublicFigure[] }) {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const [index] = useAutoAdvance(figures.length, STATS_INTERVAL_MS, { paused });
  const lines = figures.map((figure) => ({
    key: figure.key,
    label: t(`home.stats.${LABEL[figure.key]}`),
    value: shownValue(t, figure),
    asOf: t("home.stats.asOf", { date: figure.asOf }),
    source: t("home.stats.source", { source: figure.source }),
  }));
  return (
    <Section className={styles.section} aria-labelledby="stats-title">
      <div className={styles.banner}>
        <h2 id="stats-title" className="visually-hidden">
          {t("home.stats.title")}
        </h2>
        <ul className="visually-hidden">
          {lines.map((line) => (
            <li key={line.key}>
              {line.label} {line.value}. {line.asOf}. {line.source}
            </li>
          ))}
        </ul>
        <div className={styles.stage} aria-hidden="true">
          {lines.map((line, i) => (
            <p key={line.key} className={i === index ? `${styles.stat} ${styles.current}` : styles.stat} data-figure={line.key}>
              <span className={styles.value}>{line.value}</span>
              <span className={styles.label}>{line.label}</span>
              <span className={styles.note}>{line.asOf}</span>
              <span className={styles.note}>{line.source}</span>
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
