import { performance } from "node:perf_hooks";
import { expect } from "vitest";

/**
 * Whether two ways of being refused can be told apart by time (issue 28:
 * an unknown status token and a real one that opens nothing must not be).
 * Each probe runs once per round, interleaved so that drift on a busy
 * machine touches both alike, after a warm-up; compared by the mean of the
 * middle half, which is robust to the machine's pauses.
 */
export interface TimingOptions {
  warmUp?: number;
  rounds?: number;
}

/** The mean of the middle half of some durations. */
export function middleMean(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y).slice(xs.length / 4, (xs.length * 3) / 4);
  return s.reduce((sum, x) => sum + x, 0) / s.length;
}

async function took(probe: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await probe();
  return performance.now() - started;
}

/** The middle-half means (ms) of two probes, measured interleaved. */
export async function timeBoth(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  { warmUp = 50, rounds = 400 }: TimingOptions = {},
): Promise<{ a: number; b: number }> {
  for (let i = 0; i < warmUp; i++) await (i % 2 ? a() : b());
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await took(a));
    bs.push(await took(b));
  }
  return { a: middleMean(as), b: middleMean(bs) };
}

/**
 * Asserts the two probes take the same time: within 15% of each other (or
 * 0.1 ms) — a difference a guesser could measure over a network is far larger.
 */
export async function expectSameTime(
  label: string,
  a: { name: string; probe: () => Promise<unknown> },
  b: { name: string; probe: () => Promise<unknown> },
  options?: TimingOptions,
): Promise<void> {
  const means = await timeBoth(a.probe, b.probe, options);
  expect(Math.abs(means.a - means.b), `${a.name} ${means.a.toFixed(3)} ms, ${b.name} ${means.b.toFixed(3)} ms on ${label}`).toBeLessThan(
    Math.max(0.1, 0.15 * Math.max(means.a, means.b)),
  );
}
