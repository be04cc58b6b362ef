import { digitsOnly, v } from "#app/lib/schema.ts";
import { koreanMobileField } from "#app/requests/phone.ts";

/**
 * The two steps of proving a number (ADR 0049), one schema each for the page
 * and the action: the number (a Korean mobile: a code goes by 알림톡 or text
 * message), then the code sent to it. Messages are the `proof` catalog's keys.
 */
export const PROOF_STEPS = ["send", "check"] as const;
export type ProofStep = (typeof PROOF_STEPS)[number];

export const phoneStepSchema = v.object({
  phone: koreanMobileField({ required: "proof.errors.phoneRequired", format: "proof.errors.phone" }),
});

export const codeStepSchema = v.object({
  phone: koreanMobileField({ required: "proof.errors.phoneRequired", format: "proof.errors.phone" }),
  code: v.pipe(
    v.string("proof.errors.code"),
    v.maxLength(20, "proof.errors.code"),
    v.transform(digitsOnly),
    v.regex(/^\d{6}$/, "proof.errors.code"),
  ),
});

/**
 * What a proof step answers when it does not finish: the number form again
 * (with its error), or the code form (the number kept in a hidden field) with
 * what went wrong; `retryAfter` when refused for a while (429).
 */
export type ProofAnswer =
  | { step: "phone"; errors: Record<string, string>; values: Record<string, string>; retryAfter?: number }
  | {
      step: "code";
      phone: string;
      error?: "code" | "wrong" | "expired" | "locked";
      left?: number;
      retryAfter?: number;
      resent?: boolean;
      /** What the page's first step asked beside the number (the rights page's request), carried in hidden fields. */
      keep?: Record<string, string>;
    };
