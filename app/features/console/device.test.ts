import { describe, expect, it } from "vitest";
import { deviceLabel, ipPrefix } from "#app/features/console/device.ts";

describe("the sessions list's device and place", () => {
  it("names the browser and system of common user-agents, and nothing for an empty one", () => {
    const cases: [string, string | null][] = [
      [
        "Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
        "Samsung Internet · Android",
      ],
      [
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
        "Chrome · Android",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari · iPhone",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
        "Edge · Windows",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox · macOS"],
      ["curl/8.0", null],
      ["", null],
    ];
    for (const [ua, label] of cases) expect(deviceLabel(ua), ua).toBe(label);
  });

  it("keeps only an address's prefix: three bytes of IPv4, the /48 of IPv6", () => {
    expect(ipPrefix("203.0.113.77")).toBe("203.0.113.x");
    expect(ipPrefix("::ffff:198.51.100.9")).toBe("198.51.100.x");
    expect(ipPrefix("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::/48");
    expect(ipPrefix("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(ipPrefix("::1")).toBe("0:0:0::/48");
    for (const bad of ["", "unknown", "999.1.1.1", "1.2.3", "2001:db8:::1:2:3:4:5:6:7"]) expect(ipPrefix(bad), bad).toBeNull();
  });
});
