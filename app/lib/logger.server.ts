/**
 * Structured JSON logs on stdout, one object a line. Callers pass event names
 * and counts, never personal data: no names, phones, e-mails, bodies, IPs or
 * query strings. `redact` is the last line of defence for known field names.
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

function redact(fields: LogFields = {}): LogFields {
  const out: LogFields = {};
  for (const [k, v] of Object.entries(fields)) out[k] = PERSONAL.test(k) ? "[redacted]" : v;
  return out;
}

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

export function createLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const min = ORDER[options.level ?? "info"];
  const write = options.write ?? ((line: string) => process.stdout.write(line + "\n"));
  const emit = (level: LogLevel, event: string, fields?: LogFields, error?: unknown) => {
    if (ORDER[level] < min) return;
    const record: Record<string, unknown> = { time: new Date().toISOString(), level, event, ...redact(fields) };
    if (error instanceof Error) {
      record.error = `${error.name}: ${error.message}`.slice(0, 300);
      const frames = stackFrames(error);
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
