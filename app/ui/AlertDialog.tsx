import { useId } from "react";
import { Dialog } from "#app/ui/Dialog.tsx";
import { Button } from "#app/ui/Button.tsx";
import styles from "./AlertDialog.module.css";

/**
 * An accessible replacement for window.alert(): a message and one confirm
 * button (e.g. "Your proposal has been submitted!", "확인").
 */
export function AlertDialog({
  open,
  message,
  confirmLabel,
  onClose,
  lang,
}: {
  open: boolean;
  message: string;
  confirmLabel: string;
  onClose: () => void;
  lang?: string;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={id} role="alertdialog">
      <div className={styles.body} lang={lang}>
        <p id={id} className={styles.message}>
          {message}
        </p>
        <form method="dialog">
          <Button type="submit" block>
            {confirmLabel}
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
