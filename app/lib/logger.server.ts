/**
 * Structured JSON logs on stdout, one object a line. Callers pass event names
 * and counts, never personal data: no names, phones, e-mails, bodies, IPs or
 * query strings. A field whose name says it may hold them (`PERSONAL`) is
 * written as "[redacted]": the last line of defence.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields & { error?: never }, error?: unknown): void;
}

const PERSONAL = /name|phone|email|mail|addr|content|answer|ip|password|token|cookie/i;
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Whether a field's name says it may hold personal data: asked once per name (a logger sees a few dozen). */
const personal = new Map<string, boolean>();
function isPersonal(name: string): boolean {
  let found = personal.get(name);
  if (found === undefined) personal.set(name, (found = PERSONAL.test(name)));
  return found;
}

/** The time of a line, ISO 8601: made once per millisecond (lines of one request burst share it). */
let stampMs = -1;
let stamp = "";
function now(): string {
  const ms = Date.now();
  if (ms !== stampMs) {
    stampMs = ms;
    stamp = new Date(ms).toISOString();
  }
  return stamp;
}

/**
 * Lines go to stdout together, once per turn of the event loop: under load,
 * one write for every request of a turn instead of one each (each is a system
 * call, and a wake-up of journald behind it). What is pending is written
 * when the process exits, process.exit() and a crash included, since a write
 * to a file or pipe is synchronous there.
 */
let pending = "";
let flushing = false;
function flush() {
  flushing = false;
  if (!pending) return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}
function toStdout(line: string) {
  pending += line + "\n";
  if (flushing) return;
  flushing = true;
  setImmediate(flush);
}
process.on("exit", flush);

/**
 * The code locations of an error's stack ("at fn (file:line:col)"), without
 * its first line: that repeats the message, which may quote user input. One
 * field of the JSON line, never a trace over several lines.
 */
function stackFrames(error: Error): string[] {
  return (error.stack ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "))
    .slice(0, 20)
    .map((line) => line.slice(0, 300));
}

/** Repeats of one warning or error within this window after the first are counted, not written (issue 39). */
export const REPEAT_WINDOW_MS = 1_000;
/** Kinds of repeats followed at once: beyond it (never in practice, event names are code) lines are written as they come. */
const MAX_REPEAT_KINDS = 1_000;

/**
 * Warnings and errors that repeat (a thousand requests failing the same way
 * in an outage) are written once a window per kind, the kind being the
 * level, the event and the error's name: the first with its stack, then one
 * line `{event, suppressed: n, windowMs}` when the window ends if more came.
 * Info lines (one per request) are never held back.
 */
function repeatFilter(writeLine: (record: Record<string, unknown>) => void) {
  const windows = new Map<string, { suppressed: number }>();
  return (level: LogLevel, event: string, error: unknown): boolean => {
    if (ORDER[level] < ORDER.warn) return true;
    const kind = `${level} ${event} ${error instanceof Error ? error.name : ""}`;
    const open = windows.get(kind);
    if (open) {
      open.suppressed++;
      return false;
    }
    if (windows.size >= MAX_REPEAT_KINDS) return true;
    const window = { suppressed: 0 };
    windows.set(kind, window);
    setTimeout(() => {
      windows.delete(kind);
      if (window.suppressed > 0) writeLine({ time: now(), level, event, suppressed: window.suppressed, windowMs: REPEAT_WINDOW_MS });
    }, REPEAT_WINDOW_MS).unref();
    return true;
  };
}

/**
 * An error that marks itself `expected` is a condition, not a bug (the
 * database away, app/web/refusals.ts): written without its stack.
 */
function isExpected(error: Error): boolean {
  return (error as { expected?: unknown }).expected === true;
}

export function createLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const min = ORDER[options.level ?? "info"];
  const write = options.write ?? toStdout;
  const firstOfKind = repeatFilter((record) => write(JSON.stringify(record)));
  const emit = (level: LogLevel, event: string, fields?: LogFields, error?: unknown) => {
    if (ORDER[level] < min) return;
    if (!firstOfKind(level, event, error)) return;
    const record: Record<string, unknown> = { time: now(), level, event };
    if (fields) for (const name in fields) record[name] = isPersonal(name) ? "[redacted]" : fields[name];
    if (error instanceof Error) {
      record.error = `${error.name}: ${error.message}`.slice(0, 300);
      const frames = isExpected(error) ? [] : stackFrames(error);
      if (frames.length > 0) record.stack = frames;
    }
    write(JSON.stringify(record));
  };
  return {
    debug: (e, f) => emit("debug", e, f),
    info: (e, f) => emit("info", e, f),
    warn: (e, f) => emit("warn", e, f),
    error: (e, f, err) => emit("error", e, f, err),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
