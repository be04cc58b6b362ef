/**
 * The business's processors (수탁자, 개인정보 보호법 제26조②; issue 52, item 7):
 * who processes personal data on its behalf — name, the task, the country
 * (ISO 3166-1 alpha-2) and how and when data moves there — as administrators
 * list them in the console. The privacy policy names them (§6) and, for one
 * outside Korea, adds the transfer abroad its 제28조의8② requires. The task
 * and the transfer are written in Korean (the binding text) and English (the
 * translations show it with the country in their own language).
 */
export interface Processor {
  name: string;
  taskKo: string;
  taskEn: string;
  /** ISO 3166-1 alpha-2, upper case; "KR": in Korea. */
  country: string;
  /** How and when data moves (e.g. "알림을 켠 때, 알림마다 인터넷으로 암호화하여 전송"). */
  transferKo: string;
  transferEn: string;
}

export const PROCESSOR_FIELDS = [
  "name",
  "taskKo",
  "taskEn",
  "country",
  "transferKo",
  "transferEn",
] as const satisfies readonly (keyof Processor)[];
export const PROCESSORS_MAX = 20;
export const PROCESSOR_TEXT_MAX = 200;
export const HOME_COUNTRY = "KR";

/** Transferred abroad (제28조의8): a processor whose country is not Korea. */
export function isAbroad(processor: Pick<Processor, "country">): boolean {
  return processor.country !== HOME_COUNTRY;
}

/**
 * A suggestion the console offers (not stored until saved): the Web Push
 * services a visitor's or an operator's browser chooses, which the site
 * cannot choose for them — all abroad.
 */
export const WEB_PUSH_PROCESSORS: readonly Processor[] = [
  {
    name: "Google LLC (Firebase Cloud Messaging)",
    taskKo: "웹 푸시 알림 전달(Chrome 등)",
    taskEn: "Delivering Web Push notifications (Chrome and others)",
    country: "US",
    transferKo: "알림을 켠 경우 알림마다 인터넷으로 전송(푸시 주소와 암호화된 알림 내용)",
    transferEn: "Over the internet with each notification, once notifications are on (the push address and the encrypted notification)",
  },
  {
    name: "Mozilla Corporation (Mozilla Push Service)",
    taskKo: "웹 푸시 알림 전달(Firefox)",
    taskEn: "Delivering Web Push notifications (Firefox)",
    country: "US",
    transferKo: "알림을 켠 경우 알림마다 인터넷으로 전송(푸시 주소와 암호화된 알림 내용)",
    transferEn: "Over the internet with each notification, once notifications are on (the push address and the encrypted notification)",
  },
  {
    name: "Apple Inc. (Apple Push Notification service)",
    taskKo: "웹 푸시 알림 전달(Safari, iPhone)",
    taskEn: "Delivering Web Push notifications (Safari, iPhone)",
    country: "US",
    transferKo: "알림을 켠 경우 알림마다 인터넷으로 전송(푸시 주소와 암호화된 알림 내용)",
    transferEn: "Over the internet with each notification, once notifications are on (the push address and the encrypted notification)",
  },
];

/** A stored document as the list: each entry with every field a string is taken, anything else dropped. */
export function readProcessors(json: string | null): Processor[] {
  let raw: unknown = null;
  try {
    raw = json === null ? null : JSON.parse(json);
  } catch {
    raw = null;
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== "object") return [];
    const e = entry as Record<string, unknown>;
    if (!PROCESSOR_FIELDS.every((f) => typeof e[f] === "string")) return [];
    return [Object.fromEntries(PROCESSOR_FIELDS.map((f) => [f, e[f] as string])) as unknown as Processor];
  });
}
