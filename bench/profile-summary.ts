/**
 * Where a server's CPU went, from the newest V8 profile in bench/tmp/profile
 * (`npm run bench -- --dynamic-only --profile`, or any `node --cpu-prof` run
 * given as the argument): self time by package or source file, and the
 * heaviest functions. A lens for issue 41's cuts, not a budget.
 *
 *   node bench/profile-summary.ts [file.cpuprofile] [--top=N] [--last=S]
 *
 * --last=S keeps the samples of the profile's last S seconds only: the page's own run, without the
 * server's start and the bench's warm-up before it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith("--top="))?.slice(6) ?? 25);
const lastS = Number(args.find((a) => a.startsWith("--last="))?.slice(7) ?? Infinity);
const dir = join(import.meta.dirname, "tmp/profile");
const file =
  args.find((a) => !a.startsWith("--")) ??
  readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!file) throw new Error(`no profile in ${dir}`);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
if (Number.isFinite(lastS)) {
  // Sample i happened at the sum of the deltas up to it; keep those within the last S seconds.
  const at: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) at.push((t += d));
  const from = t - lastS * 1e6;
  const keep = at.map((x) => x >= from);
  profile.samples = profile.samples.filter((_, i) => keep[i]);
  profile.timeDeltas = profile.timeDeltas.filter((_, i) => keep[i]);
}

/** A frame's place: its npm package, our source file, or V8's own (GC, idle, program). */
function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || "native"})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url;
  const ours = /\/(app|server|db|build)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)").reduce((s, [, t]) => s + t, 0);
const busy = [...self.values()].reduce((s, t) => s + t, 0) - idle;

const functionOf = (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"}  ${placeOf(n)}:${n.callFrame.lineNumber + 1}`;
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/**
 * The busy time by `key`, heaviest first. Self time counts a sample for its own frame only;
 * time on the stack counts it once for every key anywhere on its stack: what a place or a
 * function costs with all it calls.
 */
function table(title: string, key: (n: ProfileNode) => string, onStack: boolean, rows = top) {
  const sums = new Map<string, number>();
  for (const [i, id] of profile.samples.entries()) {
    if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
    const keys = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = onStack ? parent.get(at) : undefined) keys.add(key(byId.get(at)!));
    for (const k of keys) sums.set(k, (sums.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  console.log(`\n${title}`);
  for (const [name, t] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((t / busy) * 100).toFixed(1).padStart(5)} %  ${(t / 1000).toFixed(0).padStart(6)} ms  ${name}`);
}

console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle`);
table("self time by place", placeOf, false);
table("self time by function", functionOf, false);
table("time with the place on the stack", placeOf, true);
table("time with the function on the stack", functionOf, true, top * 2);
