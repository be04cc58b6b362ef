import type { Ref } from "react";
import { PauseIcon, PlayIcon } from "#app/ui/icons.tsx";
import styles from "./RotationButton.module.css";

/**
 * Stops and restarts content that changes by itself (carousels, rotating
 * figures), as WCAG 2.2.2 asks for anything that moves for more than five
 * seconds.
 */
export function RotationButton({
  ref,
  paused,
  onToggle,
  pauseLabel,
  playLabel,
  className,
}: {
  ref?: Ref<HTMLButtonElement>;
  paused: boolean;
  onToggle: () => void;
  pauseLabel: string;
  playLabel: string;
  className?: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={[styles.button, className].filter(Boolean).join(" ")}
      onClick={onToggle}
      aria-label={paused ? playLabel : pauseLabel}
    >
      {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
    </button>
  );
}
