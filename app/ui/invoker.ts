/**
 * HTML invoker commands (`commandfor` / `command`) open and close a
 * `<dialog>` with no JavaScript at all, so the menu works before hydration.
 * React passes these lowercase attributes through; TypeScript does not know
 * them yet, hence this typed helper.
 */
type InvokerCommand = "show-modal" | "close" | "request-close";

export function invoker(target: string, command: InvokerCommand): Record<string, string> {
  return { commandfor: target, command };
}

/** True when the browser runs invoker commands natively. */
export function supportsInvokers(): boolean {
  return typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;
}
