import { linkSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";

/**
 * Creates `file` with `content` unless it exists, atomically: the content is
 * written whole to a temporary file first, then linked to its name, which
 * fails when another process made it meanwhile. So two processes starting at
 * once on a fresh machine (a server and a CLI, two test servers) never keep
 * each its own generated secret: the second reads the first's.
 * Returns false when the file was already there (nothing is written).
 */
export function createFileOnce(file: string, content: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
