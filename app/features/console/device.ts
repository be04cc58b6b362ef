/**
 * What the sessions list shows of a browser (ADR 0022): a short label from
 * its user-agent ("Chrome on Android") and the prefix of its address
 * (203.0.113.x, 2001:db8:1::/48): enough to recognise one's own devices, not
 * a record of where anyone was.
 */
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Edg(A|iOS)?\//, "Edge"],
  [/(OPR|Opera)\//, "Opera"],
  [/Whale\//, "Whale"],
  [/KAKAOTALK/i, "KakaoTalk"],
  [/(Firefox|FxiOS)\//, "Firefox"],
  [/(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function deviceLabel(userAgent: string | null | undefined): string | null {
  const ua = (userAgent ?? "").slice(0, 512);
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

export function ipPrefix(address: string | null | undefined): string | null {
  const ip = (address ?? "").trim().replace(/^::ffff:/i, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) return v4.slice(1, 4).every((n) => Number(n) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.x` : null;
  if (!/^[0-9a-f:]+$/i.test(ip) || !ip.includes(":")) return null;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  if (groups.length !== 8 || groups.some((g) => g.length > 4)) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, "").toLowerCase())
    .join(":")}::/48`;
}
