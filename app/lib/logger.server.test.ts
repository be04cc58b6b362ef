import { describe, expect, it } from "vitest";
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
});
