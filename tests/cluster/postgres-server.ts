import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "#tests/support/raw-http.ts";

const run = promisify(execFile);

/** Debian's newest PostgreSQL server programs (`/usr/lib/postgresql/<version>/bin`), or null when none is installed. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((x, y) => Number(x) - Number(y));
  return versions.length > 0 ? join(root, versions.at(-1)!, "bin") : null;
}

/**
 * A PostgreSQL server of one test's own, in a temporary folder on 127.0.0.1,
 * that the test may stop and start (the shared server of TEST_POSTGRES_URL
 * serves the other cluster tests and must stay up). Set up the way
 * scripts/throwaway-postgres.sh does it: as the `postgres` user when run as
 * root (initdb refuses root), trust authentication, fsync off. Stopping and
 * starting do not block the test's event loop, so its load goes on meanwhile.
 */
export class PostgresServer {
  readonly port: number;
  readonly url: string;
  private readonly bin: string;
  private readonly dir: string;
  private readonly asPostgres: boolean;

  private constructor(bin: string, dir: string, port: number) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    this.asPostgres = process.getuid?.() === 0;
  }

  /** initdb in a fresh folder, then start. */
  static async create(): Promise<PostgresServer> {
    const bin = postgresBin();
    if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
    const dir = mkdtempSync(join(tmpdir(), "pg-outage-"));
    const server = new PostgresServer(bin, dir, await freePort());
    if (server.asPostgres) {
      try {
        execFileSync("id", ["postgres"], { stdio: "ignore" });
      } catch {
        execFileSync("useradd", ["--system", "--no-create-home", "postgres"]);
      }
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, -1);
    }
    await server.pg("initdb", ["-D", server.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    await server.start();
    return server;
  }

  private get data() {
    return join(this.dir, "data");
  }

  /** A program of the server's, as the `postgres` user when this process is root. */
  private async pg(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [file, argv] = this.asPostgres ? ["runuser", ["-u", "postgres", "--", path, ...args]] : [path, args];
    await run(file, argv, { timeout: 30_000 });
  }

  /** `pg_ctl start -w`: resolves once the server accepts connections (pg_ctl looks every 100 ms). */
  start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    return this.pg("pg_ctl", ["-D", this.data, "-l", join(this.dir, "log"), "-o", options, "-w", "start"]);
  }

  /** `pg_ctl -m fast stop -w`: every session is ended (57P01), then the server exits. */
  stop(): Promise<void> {
    return this.pg("pg_ctl", ["-D", this.data, "-m", "fast", "-w", "stop"]);
  }

  /** Whether a fresh connection can run `select 1` now. */
  async accepts(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** Stops the server (if it runs) and removes its folder. */
  async destroy(): Promise<void> {
    await this.stop().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
