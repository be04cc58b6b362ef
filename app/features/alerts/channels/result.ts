/** How one attempt on a channel ended. `gone`: there is no longer anyone to deliver to. */
export type SendResult = { ok: true } | { ok: false; reason: string; gone?: boolean };
