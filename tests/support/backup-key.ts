import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A backup key pair made as the deploy guide says (`gpg --quick-gen-key`,
 * no passphrase, in a keyring of its own): the public part is what
 * BACKUP_RECIPIENT names, the secret part what `npm run restore --identity`
 * takes. Both written as armored files into `dir`.
 */
export function makeBackupKey(dir: string, name = "backup"): { recipient: string; identity: string } {
  const home = mkdtempSync(join(tmpdir(), "test-gpg-"));
  const gpg = (...args: string[]) =>
    execFileSync("gpg", ["--homedir", home, "--batch", "--yes", "--no-tty", "--quiet", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    const uid = `Loan guide ${name} <${name}@backup.example>`;
    gpg("--passphrase", "", "--quick-gen-key", uid, "future-default", "default", "never");
    const recipient = join(dir, `${name}.pub.asc`);
    const identity = join(dir, `${name}.secret.asc`);
    writeFileSync(recipient, gpg("--armor", "--export", uid));
    writeFileSync(identity, gpg("--armor", "--export-secret-keys", uid), { mode: 0o600 });
    return { recipient, identity };
  } finally {
    try {
      execFileSync("gpgconf", ["--homedir", home, "--kill", "gpg-agent"], { stdio: "ignore" });
    } catch {
      // no agent was started
    }
    rmSync(home, { recursive: true, force: true });
  }
}
