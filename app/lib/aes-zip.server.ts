import { createCipheriv, createHmac, pbkdf2Sync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * ZIP files encrypted with AES-256 as WinZip defines it (AE-2, "AES
 * Encryption Information: Encryption Specification AE-1 and AE-2"): what
 * 7-Zip, 반디집, 알집, WinZip and macOS Archive Utility with 7-Zip open with a
 * password and nothing of ours (ADR 0054). Per entry:
 *
 * - a 16-byte random salt; PBKDF2-HMAC-SHA1 over the password, 1000 rounds,
 *   gives 32 bytes of AES key, 32 of HMAC key and a 2-byte password check;
 * - the deflated data in AES-256-CTR with a little-endian counter from 1;
 * - the first 10 bytes of HMAC-SHA1 over the encrypted data after it;
 * - compression method 99 with the 0x9901 extra field (vendor "AE",
 *   version 2, strength 3 = 256 bits, the real method); AE-2 stores no CRC.
 *
 * `openAesZip` reads what `aesZip` writes (the tests, and a check before a
 * file leaves); it refuses a wrong password or a changed byte.
 */

const SALT = 16;
const KEY = 32;
const ROUNDS = 1000;
const MAC = 10;
const AES_EXTRA = 0x9901;
const METHOD_AES = 99;
const METHOD_DEFLATE = 8;
const FLAGS = 0x0001 | 0x0800; // encrypted; names in UTF-8

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
}

function keys(password: string, salt: Uint8Array) {
  const derived = pbkdf2Sync(Buffer.from(password, "utf8"), salt, ROUNDS, 2 * KEY + 2, "sha1");
  return { aes: derived.subarray(0, KEY), mac: derived.subarray(KEY, 2 * KEY), check: derived.subarray(2 * KEY) };
}

/** AES-256-CTR as WinZip counts: a 16-byte little-endian counter starting at 1 (Node's CTR counts big-endian). */
function ctr(key: Uint8Array, data: Uint8Array): Buffer {
  const blocks = Math.ceil(data.length / 16);
  const counters = Buffer.alloc(blocks * 16);
  for (let i = 0; i < blocks; i++) {
    // Files here stay far below 2^48 blocks: the low six bytes carry the counter.
    counters.writeUIntLE(i + 1, i * 16, 6);
  }
  const cipher = createCipheriv("aes-256-ecb", key, null).setAutoPadding(false);
  const stream = Buffer.concat([cipher.update(counters), cipher.final()]);
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! ^ stream[i]!;
  return out;
}

/** DOS date and time of `at` in UTC (ZIP has no zone; the names carry the Korean time). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function aesExtra(): Buffer {
  const extra = Buffer.alloc(11);
  extra.writeUInt16LE(AES_EXTRA, 0);
  extra.writeUInt16LE(7, 2);
  extra.writeUInt16LE(2, 4); // AE-2
  extra.write("AE", 6, "latin1");
  extra.writeUInt8(3, 8); // AES-256
  extra.writeUInt16LE(METHOD_DEFLATE, 9);
  return extra;
}

/** One ZIP holding `entries`, each deflated and encrypted with `password`; `comment` stays readable (no personal data in it). */
export function aesZip(entries: ZipEntry[], password: string, { at = new Date(), comment = "" } = {}): Buffer {
  if (!password) throw new Error("an encrypted ZIP needs a password");
  const { time, date } = dosTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const plain = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : entry.data;
    const salt = randomBytes(SALT);
    const k = keys(password, salt);
    const encrypted = ctr(k.aes, deflateRawSync(plain, { level: 9 }));
    const mac = createHmac("sha1", k.mac).update(encrypted).digest().subarray(0, MAC);
    const body = Buffer.concat([salt, k.check, encrypted, mac]);
    const extra = aesExtra();
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(51, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(METHOD_AES, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(0, 14); // AE-2: no CRC
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(51, 4);
    central.writeUInt16LE(51, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(METHOD_AES, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, body);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const note = Buffer.from(comment, "utf8");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(note.length, 20);
  return Buffer.concat([...locals, directory, end, note]);
}

/** The entries of a ZIP that `aesZip` wrote, decrypted with `password`; throws on a wrong password or altered data. */
export function openAesZip(zip: Uint8Array, password: string): ZipEntry[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: ZipEntry[] = [];
  let at = 0;
  while (at + 30 <= buf.length && buf.readUInt32LE(at) === 0x04034b50) {
    if (buf.readUInt16LE(at + 8) !== METHOD_AES) throw new Error("not an AES-encrypted entry");
    const size = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const extraLength = buf.readUInt16LE(at + 28);
    const name = buf.toString("utf8", at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    const body = buf.subarray(start, start + size);
    const salt = body.subarray(0, SALT);
    const k = keys(password, salt);
    if (!timingSafeEqual(k.check, body.subarray(SALT, SALT + 2))) throw new Error("wrong password");
    const encrypted = body.subarray(SALT + 2, body.length - MAC);
    const mac = createHmac("sha1", k.mac).update(encrypted).digest().subarray(0, MAC);
    if (!timingSafeEqual(mac, body.subarray(body.length - MAC))) throw new Error("wrong password or altered data");
    out.push({ name, data: inflateRawSync(ctr(k.aes, encrypted)) });
    at = start + size;
  }
  if (!out.length) throw new Error("no entry");
  return out;
}

const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/**
 * A per-download password: 20 characters of letters and digits without the
 * look-alikes (0/O, 1/l/I), about 116 bits, with both kinds in it (the
 * 해설서's rule of thumb asks two kinds of at least 8).
 */
export function downloadPassword(length = 20): string {
  for (;;) {
    let out = "";
    for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/[0-9]/.test(out) && /[A-Za-z]/.test(out)) return out;
  }
}
