import type { RequestStage } from "#db/schema.ts";
import { useAdminT } from "#app/features/console/i18n.ts";
import { stagePhase } from "#app/features/pipeline/stages.ts";
import styles from "#app/features/console/console.module.css";

/** Where a request stands, coloured by phase: waiting for a first call, being worked, ended well, ended otherwise. */
export function StageBadge({ stage }: { stage: RequestStage }) {
  const t = useAdminT();
  return <span className={`${styles.badge} ${styles[`phase_${stagePhase(stage)}`]}`}>{t(`pipeline.stage.${stage}`)}</span>;
}
