import { useCallback, useRef, useState, type RefObject } from "react";

/**
 * The one form hook of the public forms (consultation, partnership proposal,
 * cash-counter inquiry): field errors that editing a field clears (spec §4),
 * showing errors with focus on the first one in the form's order, and one
 * submission at a time (a double tap sends once).
 */
export type Errors<F extends string> = Partial<Record<F, string>>;

export interface FormOptions<F extends string> {
  form: RefObject<HTMLFormElement | null>;
  /** The fields in the order they appear, for the first error to focus. */
  order: readonly F[];
  initialErrors?: Errors<F>;
  /** The element to focus for a field (default `[name="<field>"]`). */
  selector?: (field: F) => string;
}

export function useForm<F extends string>({ form, order, initialErrors, selector }: FormOptions<F>) {
  const [errors, setErrors] = useState<Errors<F>>(initialErrors ?? {});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const clear = useCallback((...fields: F[]) => {
    setErrors((current) => {
      if (!fields.some((f) => f in current)) return current;
      const next = { ...current };
      for (const f of fields) delete next[f];
      return next;
    });
  }, []);

  /** Shows these errors and moves focus to the first field that has one. */
  const showErrors = useCallback(
    (next: Errors<F>) => {
      setErrors(next);
      const first = order.find((f) => next[f]);
      if (first) form.current?.querySelector<HTMLElement>(selector ? selector(first) : `[name="${first}"]`)?.focus();
    },
    [form, order, selector],
  );

  /** Runs one submission; a second one while it runs is ignored. */
  const submit = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, []);

  return { errors, setErrors, clear, showErrors, submitting, submit };
}
