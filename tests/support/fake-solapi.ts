import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of SOLAPI's REST API (issue 49 item 6), for tests and
 * development: checks each request's HMAC-SHA256 signature as SOLAPI does
 * (the key, the date within 15 minutes, a salt never used twice), records
 * the messages, fails on demand (`failNext(n, 503)`; `refuseAlimtalk`: ATA
 * messages refused in `failedMessageList`, as Kakao refuses a number with no
 * KakaoTalk), and keeps each message's status for `GET /messages/v4/list`
 * (3000 "sent to the carrier" until `deliverAll()` makes them 4000, or
 * `failDelivery(ref)` 3059). `GET /__fake/messages` lists what it received
 * (tests in other processes, the browser test).
 *
 *   node tests/support/fake-solapi.ts [--port 3199] [--key K --secret S]
 */
export interface FakeMessage {
  messageId: string;
  to: string;
  from: string;
  type: string;
  text: string;
  kakaoOptions?: { pfId?: string; templateId?: string; variables?: Record<string, string>; disableSms?: boolean };
  statusCode: string;
  receivedAt: number;
}

export interface FakeSolapi {
  url: string;
  port: number;
  messages: FakeMessage[];
  /** Requests refused for their signature, by SOLAPI's error code. */
  refusals: string[];
  refuseAlimtalk: boolean;
  failNext(count: number, status?: number): void;
  deliverAll(): void;
  failDelivery(ref: string): void;
  close(): Promise<void>;
}

const SKEW_MS = 15 * 60_000;

export function checkSignature(
  header: string | undefined,
  apiKey: string,
  apiSecret: string,
  now: number,
  used: Set<string>,
): string | null {
  const match = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(header ?? "");
  if (!match) return "InvalidAuthorizationHeader";
  const [, key, date, salt, signature] = match;
  if (key !== apiKey) return "InvalidAPIKey";
  if (Math.abs(Date.parse(date!) - now) > SKEW_MS || Number.isNaN(Date.parse(date!))) return "RequestTimeTooSkewed";
  if (salt!.length < 12 || salt!.length > 64) return "InvalidSalt";
  if (
    createHmac("sha256", apiSecret)
      .update(date! + salt!)
      .digest("hex") !== signature
  )
    return "SignatureDoesNotMatch";
  if (used.has(signature!)) return "DuplicatedSignature";
  used.add(signature!);
  return null;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeSolapi(options: { apiKey?: string; apiSecret?: string; port?: number } = {}): Promise<FakeSolapi> {
  const apiKey = options.apiKey ?? "FAKEKEY";
  const apiSecret = options.apiSecret ?? "FAKESECRET";
  const used = new Set<string>();
  let failing = 0;
  let failStatus = 503;
  let counter = 0;
  const fake: Omit<FakeSolapi, "url" | "port" | "close"> = {
    messages: [],
    refusals: [],
    refuseAlimtalk: false,
    failNext(count, status = 503) {
      failing = count;
      failStatus = status;
    },
    deliverAll() {
      for (const m of fake.messages) if (m.statusCode === "3000") m.statusCode = "4000";
    },
    failDelivery(ref) {
      const m = fake.messages.find((x) => x.messageId === ref);
      if (m) m.statusCode = "3059";
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      if (req.method === "GET" && url.pathname === "/__fake/messages") return json(res, 200, fake.messages);
      const refused = checkSignature(req.headers.authorization, apiKey, apiSecret, Date.now(), used);
      if (refused) {
        fake.refusals.push(refused);
        return json(res, 403, { errorCode: refused, errorMessage: refused });
      }
      if (failing > 0) {
        failing -= 1;
        return json(res, failStatus, { errorCode: "ServiceUnavailable", errorMessage: "try again" });
      }
      if (req.method === "POST" && url.pathname === "/messages/v4/send-many/detail") {
        const body = JSON.parse(await bodyOf(req)) as { messages: Omit<FakeMessage, "messageId" | "statusCode" | "receivedAt">[] };
        const messageList: unknown[] = [];
        const failedMessageList: unknown[] = [];
        for (const m of body.messages) {
          if (m.type === "ATA" && fake.refuseAlimtalk) {
            failedMessageList.push({ to: m.to, statusCode: "3104", statusMessage: `카카오톡을 사용하지 않는 수신자 ${m.to}` });
            continue;
          }
          counter += 1;
          const messageId = `M4V${String(counter).padStart(20, "0")}`;
          fake.messages.push({ ...m, messageId, statusCode: "3000", receivedAt: Date.now() });
          messageList.push({ messageId, to: m.to, from: m.from, type: m.type, statusCode: "2000", statusMessage: "정상 접수" });
        }
        return json(res, 200, { groupInfo: { count: { total: body.messages.length } }, messageList, failedMessageList });
      }
      if (req.method === "GET" && url.pathname === "/messages/v4/list") {
        const id = url.searchParams.get("value") ?? "";
        const m = fake.messages.find((x) => x.messageId === id);
        const messageList = m
          ? {
              [id]: {
                messageId: id,
                statusCode: m.statusCode,
                dateReceived: m.statusCode === "4000" ? new Date().toISOString() : null,
                reason: null,
              },
            }
          : {};
        return json(res, 200, { startKey: null, limit: 20, messageList });
      }
      return json(res, 404, { errorCode: "NotFound" });
    })().catch(() => json(res, 400, { errorCode: "BadRequest" }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeSolapi({ port: Number(arg("port") ?? 3199), apiKey: arg("key"), apiSecret: arg("secret") });
  console.log(JSON.stringify({ event: "fake_solapi.started", url: fake.url }));
  setInterval(() => fake.deliverAll(), 2000);
}
