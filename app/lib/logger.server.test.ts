import { describe, expect, it, vi } from "vitest";
import { createLogger, REPEAT_WINDOW_MS } from "#app/lib/logger.server.ts";

describe("createLogger", () => {
  it("writes an error as one JSON line: the message, and the stack's code locations as a field", () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    log.error("unhandled", { requestId: "r1" }, new URIError("Failed to decode param '%ZZ'"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ level: "error", event: "unhandled", requestId: "r1", error: "URIError: Failed to decode param '%ZZ'" });
    expect(record.stack.length).toBeGreaterThan(0);
    for (const frame of record.stack) expect(frame).toMatch(/^at /);
    expect(JSON.stringify(record.stack)).toContain("logger.server.test.ts");
  });

  it("writes a field whose name says it may be personal as [redacted], and the others as they are", () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    log.info("request", { requestId: "r1", path: "/company/about", status: 200, clientIp: "203.0.113.9", phoneNumber: "010" });
    log.info("request", { requestId: "r2", clientIp: "203.0.113.10" });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ requestId: "r1", path: "/company/about", status: 200, clientIp: "[redacted]", phoneNumber: "[redacted]" }),
      expect.objectContaining({ requestId: "r2", clientIp: "[redacted]" }),
    ]);
  });

  it("writes the lines of one turn of the event loop to stdout together, in order, once that turn is over", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const log = createLogger({ level: "info" });
      log.debug("below the level");
      for (const n of [1, 2, 3]) log.info("request", { n });
      expect(write).not.toHaveBeenCalled();
      await new Promise((resolve) => setImmediate(resolve));
      expect(write).toHaveBeenCalledTimes(1);
      const lines = String(write.mock.calls[0]![0]).split("\n");
      expect(lines.at(-1)).toBe("");
      expect(lines.slice(0, -1).map((line) => JSON.parse(line).n)).toEqual([1, 2, 3]);
      // The next turn's lines are a write of their own.
      log.warn("later");
      await new Promise((resolve) => setImmediate(resolve));
      expect(write).toHaveBeenCalledTimes(2);
    } finally {
      write.mockRestore();
    }
  });

  it("writes an error that marks itself expected (the database away) without its stack", () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line) => lines.push(line) });
    log.error(
      "alert.worker_failed",
      {},
      Object.assign(new Error("dependency unavailable"), { name: "DependencyUnavailable", expected: true }),
    );
    expect(JSON.parse(lines[0]!)).toEqual({
      time: expect.any(String),
      level: "error",
      event: "alert.worker_failed",
      error: "DependencyUnavailable: dependency unavailable",
    });
  });

  describe("repeated warnings and errors (issue 39)", () => {
    it("writes the first of a kind with its stack, counts the rest of its second, and says how many in one line when the second ends", () => {
      vi.useFakeTimers();
      try {
        const lines: string[] = [];
        const log = createLogger({ write: (line) => lines.push(line) });
        for (let i = 0; i < 1_000; i++) log.error("svc.failed", { bucket: "consultation" }, new TypeError("boom"));
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", event: "svc.failed", error: "TypeError: boom" });
        expect(JSON.parse(lines[0]!).stack.length).toBeGreaterThan(0);
        vi.advanceTimersByTime(REPEAT_WINDOW_MS);
        expect(lines).toHaveLength(2);
        expect(JSON.parse(lines[1]!)).toMatchObject({ level: "error", event: "svc.failed", suppressed: 999, windowMs: REPEAT_WINDOW_MS });
        expect(lines[1]).not.toContain("stack");
        // The next second starts again with a full line.
        log.error("svc.failed", { bucket: "consultation" }, new TypeError("boom"));
        expect(lines).toHaveLength(3);
        expect(JSON.parse(lines[2]!).stack).toBeDefined();
        vi.advanceTimersByTime(REPEAT_WINDOW_MS);
        expect(lines).toHaveLength(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it("keeps kinds apart (level, event, error name) and never holds back info lines", () => {
      vi.useFakeTimers();
      try {
        const lines: string[] = [];
        const log = createLogger({ write: (line) => lines.push(line) });
        log.error("a", {}, new TypeError("x"));
        log.error("a", {}, new RangeError("x"));
        log.error("b", {}, new TypeError("x"));
        log.warn("a");
        for (let i = 0; i < 5; i++) log.info("request", { status: 503 });
        expect(lines.map((line) => JSON.parse(line).event)).toEqual([
          "a",
          "a",
          "b",
          "a",
          "request",
          "request",
          "request",
          "request",
          "request",
        ]);
        vi.advanceTimersByTime(REPEAT_WINDOW_MS);
        expect(lines).toHaveLength(9);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
