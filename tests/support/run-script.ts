import { spawn } from "node:child_process";

/** The project's root, where `node scripts/…` runs as an operator would run it. */
export const ROOT = new URL("../..", import.meta.url).pathname;

/** Runs `node scripts/<script> …args` on the pinned Node with `env`; its exit code and everything it printed. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, stdin = ""): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${ROOT}node_modules/.bin/node`, [`${ROOT}scripts/${script}`, ...args], {
      cwd: ROOT,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(stdin);
  });
}
