import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * After a burst of large, short-lived buffers (photo uploads: 18 MB files,
 * 2 MB re-encoded images), an idle server allocates nothing, so V8 never
 * collects them and their memory stays with the process. Once the burst is
 * over, one full collection gives it back (docs/decisions/0013).
 */
let gc: (() => void) | null | undefined;
let timer: NodeJS.Timeout | undefined;

function collector(): (() => void) | null {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  return gc;
}

/** Collects once the server has been quiet for `delayMs` (each call restarts the wait). */
export function collectWhenIdle(delayMs = 2_000): void {
  clearTimeout(timer);
  timer = setTimeout(() => collector()?.(), delayMs);
  timer.unref();
}
