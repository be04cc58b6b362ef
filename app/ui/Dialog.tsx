import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "#app/ui/useHydrated.ts";
import styles from "./Dialog.module.css";

/**
 * A modal built on `<dialog>` + showModal(): focus moves in and returns,
 * Escape closes, the page behind is inert and does not scroll.
 * Controlled: `open` shows it; every way the visitor closes it (a
 * `<form method="dialog">` button, Escape, the backdrop) calls `onClose`.
 *
 * Open in the server render (a URL that opens it, a form result), it is in
 * the HTML with the `open` attribute, so it shows before and without
 * JavaScript; once hydrated it becomes a real modal.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role,
  className,
  closeOnBackdrop = false,
  children,
}: {
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
  const hydrated = useHydrated();
  const closedByProp = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Layout effect: the server-rendered (non-modal) dialog becomes modal before the next paint.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated) return;
    if (open && !dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    if (!open && dialog.open) {
      closedByProp.current = true; // The owner closed it: no need to tell it.
      dialog.close();
    }
  }, [open, hydrated]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // `close` is queued as a task: when the dialog is open again by then
    // (it was only upgraded to modal), nobody closed it.
    const handleClose = () => {
      if (closedByProp.current) closedByProp.current = false;
      else if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- backdrop click; Escape is native
    <dialog
      ref={ref}
      open={open && !hydrated ? true : undefined}
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
