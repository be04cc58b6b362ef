import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Operator passwords: scrypt (memory-hard) with a random 16-byte salt. The
 * parameters are stored with the hash (`scrypt$N$r$p$salt$hash`, base64), so
 * they can be raised later without breaking existing hashes.
 * Plain relative imports only: scripts/admin-create.ts runs this natively.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** ~32 MiB and ~50–100 ms per hash on a small server: slow for guessing, fine for a sign-in. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#app/features/console/policy.ts";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds: a corrupt row must not make one sign-in eat the server's memory.
  const powerOfTwo = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length < 8 || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

/** Constant-time comparison of the derived key; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * A real hash of a random password: verifying against it when no operator
 * has the e-mail costs as much time as a real check, so response times do
 * not tell which addresses exist.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"), params);
  return dummy;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): "too_short" | "too_long" | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "too_short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too_long";
  return null;
}
