import { describe, expect, it, vi } from "vitest";
import { createLogger } from "#app/lib/logger.server.ts";

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
});
