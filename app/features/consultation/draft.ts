import type { ConsultationFormState } from "#app/features/consultation/schema.ts";

/**
 * The half-filled form, kept in sessionStorage (this tab only, gone when it
 * closes) so a reload, a lost connection or a detour to a policy does not
 * lose what the visitor typed. Removed as soon as the request is accepted.
 */
export const DRAFT_KEY = "consultation-draft";

const TEXT_FIELDS = ["type", "visaType", "expiryChoice", "expiryDate", "nationality", "name", "phone", "submissionId"] as const;
const FLAGS = ["agreeRequired", "agreeMarketing"] as const;

/** A stored draft, checked field by field; anything malformed is ignored. */
export function parseDraft(json: string | null): ConsultationFormState | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((k) => typeof record[k] === "string" && (record[k] as string).length <= 200)) return null;
  if (!FLAGS.every((k) => typeof record[k] === "boolean")) return null;
  const draft = Object.fromEntries([...TEXT_FIELDS, ...FLAGS].map((k) => [k, record[k]])) as unknown as ConsultationFormState;
  // "This request may be called" is answered for one post, never kept in a draft.
  return { ...draft, contactOk: false };
}

/** True when nothing was typed or ticked (the id alone is no draft). */
export function isPristine(state: ConsultationFormState): boolean {
  return TEXT_FIELDS.every((k) => k === "submissionId" || state[k] === "") && FLAGS.every((k) => !state[k]);
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // Storage disabled: the form still works, it just does not survive a reload.
  }
}

export function readDraft(store: Storage | null = storage()): ConsultationFormState | null {
  try {
    return parseDraft(store?.getItem(DRAFT_KEY) ?? null);
  } catch {
    return null;
  }
}

export function saveDraft(state: ConsultationFormState, store: Storage | null = storage()): void {
  try {
    if (isPristine(state)) store?.removeItem(DRAFT_KEY);
    else store?.setItem(DRAFT_KEY, JSON.stringify(state));
  } catch {
    // Quota or privacy mode: nothing to do.
  }
}

export function clearDraft(store: Storage | null = storage()): void {
  try {
    store?.removeItem(DRAFT_KEY);
  } catch {
    // As above.
  }
}

/**
 * What the visitor typed into the server-rendered form before JavaScript
 * took over: DOM values that differ from the state React starts with.
 */
export function typedBeforeHydration(initial: ConsultationFormState, dom: ConsultationFormState): Partial<ConsultationFormState> | null {
  const typed: Partial<Record<keyof ConsultationFormState, string | boolean>> = {};
  for (const k of TEXT_FIELDS) if (k !== "submissionId" && dom[k] !== "" && dom[k] !== initial[k]) typed[k] = dom[k];
  for (const k of FLAGS) if (dom[k] && !initial[k]) typed[k] = true;
  return Object.keys(typed).length ? (typed as Partial<ConsultationFormState>) : null;
}
