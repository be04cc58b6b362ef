import { createECDH, createHmac, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Real peers for the alert channels, in the test process: an HTTP server
 * that receives webhooks, an SMTP server (smtp-server) that receives mail,
 * and a fake push service that checks VAPID and decrypts aes128gcm bodies
 * with the subscriber's keys (RFC 8291), as a browser's push service would.
 */
async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return (server.address() as AddressInfo).port;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** An origin on loopback where nothing listens (connections are refused). */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface ReceivedWebhook {
  path: string;
  raw: string;
  json: Record<string, unknown>;
  signature: string | undefined;
  at: number;
}

/** Answers 200 to every POST (after `delayMs`, like a real service's latency) and keeps what came. */
export async function startWebhookReceiver(options: { delayMs?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let hits = 0;
  let holding = false;
  const server = createServer(async (req, res) => {
    const raw = (await readBody(req)).toString("utf8");
    hits++;
    // Held: no answer at all (the sender's attempt hangs until it gives up or dies).
    if (holding) return;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (failures > 0) {
      failures--;
      res.writeHead(503).end("unavailable");
      return;
    }
    received.push({
      path: req.url ?? "",
      raw,
      json: JSON.parse(raw) as Record<string, unknown>,
      signature: req.headers["x-signature"] as string | undefined,
      at: Date.now(),
    });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    received,
    get hits() {
      return hits;
    },
    /** The next `n` POSTs answer 503. */
    failNext(n: number) {
      failures = n;
    },
    /** While on, POSTs get no answer and are not kept. */
    hold(on: boolean) {
      holding = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function validSignature(secret: string, raw: string, header: string | undefined): boolean {
  return header === `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The text parts of a received MIME message, decoded (base64 or quoted-printable), by content type. */
export function mailParts(raw: string): { subject: string; parts: Record<string, string> } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const chunks = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const parts: Record<string, string> = {};
  for (const chunk of chunks) {
    const split = chunk.indexOf("\r\n\r\n");
    const head = chunk.slice(0, split);
    const body = chunk.slice(split + 4).trim();
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.toLowerCase() ?? "text/plain";
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    parts[type] =
      encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              "latin1",
            ).toString("utf8")
          : body;
  }
  const encodedSubject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  const subject = encodedSubject.replace(/\r\n[ \t]/g, "").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
  return { subject, parts };
}

/** A plain SMTP server on loopback (no TLS, any login accepted). */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "alerts" }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://alerts:secret@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its key pair and auth secret. */
export interface Subscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

/** RFC 8291 / RFC 8188: one aes128gcm record, decrypted with the subscriber's private key. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

export interface ReceivedPush {
  path: string;
  contentEncoding: string | undefined;
  ttl: string | undefined;
  /** The VAPID JWT's claims, after its signature was checked with the `k=` key. */
  vapid: { aud: string; sub: string; exp: number; key: string } | null;
  payload: string | null;
  /** When it arrived (Date.now()). */
  at: number;
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: an ES256 signature by that key. */
function readVapid(header: string | undefined): ReceivedPush["vapid"] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) return null;
  const [h, p, s] = m[1]!.split(".");
  const point = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s!, "base64url"));
  if (!ok) return null;
  const claims = JSON.parse(Buffer.from(p!, "base64url").toString("utf8")) as { aud: string; sub: string; exp: number };
  return { ...claims, key: m[2]! };
}

/** A push service: each subscriber has a path; `answer(path, status)` makes it answer 404/410/500… */
export async function startFakePushService(options: { port?: number } = {}) {
  const subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? "";
    const sub = subscribers.get(path);
    const status = answers.get(path) ?? (sub ? 201 : 404);
    let payload: string | null = null;
    if (sub && status === 201) payload = decryptAes128gcm(body, sub.ecdh, sub.auth);
    received.push({
      path,
      contentEncoding: req.headers["content-encoding"] as string | undefined,
      ttl: req.headers.ttl as string | undefined,
      vapid: readVapid(req.headers.authorization),
      payload,
      at: Date.now(),
    });
    res.writeHead(status).end();
  });
  const port = await listen(server, options.port);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    subscribe(): Subscriber {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString("hex")}`;
      subscribers.set(path, { ecdh, auth });
      return {
        endpoint: origin + path,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        decrypt: (b) => decryptAes128gcm(b, ecdh, auth),
      };
    },
    answer(endpoint: string, status: number) {
      answers.set(new URL(endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
