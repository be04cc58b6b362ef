import { useEffect, useRef, type ReactNode } from "react";
import styles from "./Dialog.module.css";

/**
 * A modal built on `<dialog>` + showModal(): focus moves in and returns,
 * Escape closes, the page behind is inert and does not scroll (global.css).
 * Controlled: `open` shows it; every way of closing calls `onClose`.
 */
export function Dialog({ open, onClose, labelledBy, describedBy, role, className, closeOnBackdrop = false, children }: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: "dialog" | "alertdialog";
  className?: string;
  closeOnBackdrop?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- backdrop click; Escape is native
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={[styles.dialog, className].filter(Boolean).join(" ")}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) ref.current?.close();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
