import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { badNetworks, networks, parseNetwork } from "#app/lib/networks.server.ts";

describe("networks (the console's allowlist, issue 52)", () => {
  it("admits addresses inside a block and no others, IPv4 in IPv6 form included", () => {
    const office = networks(["203.0.113.0/24", "2001:db8:10::/48", "198.51.100.7"]);
    expect(office.has("203.0.113.1")).toBe(true);
    expect(office.has("203.0.113.255")).toBe(true);
    expect(office.has("::ffff:203.0.113.9")).toBe(true);
    expect(office.has("203.0.114.1")).toBe(false);
    expect(office.has("2001:db8:10:ffff::1")).toBe(true);
    expect(office.has("2001:db8:11::1")).toBe(false);
    expect(office.has("198.51.100.7")).toBe(true);
    expect(office.has("198.51.100.8")).toBe(false);
    expect(office.has("unknown")).toBe(false);
    expect(office.has("")).toBe(false);
  });

  it("refuses what is not a block", () => {
    expect(badNetworks(["10.0.0.0/8", "10.0.0.0/33", "office", "10.0.0.0/8/1", "::/129", "10.0.0.0/-1", "fe80::/10"])).toEqual([
      "10.0.0.0/33",
      "office",
      "10.0.0.0/8/1",
      "::/129",
      "10.0.0.0/-1",
    ]);
    expect(parseNetwork("192.0.2.0/24")).toEqual({ address: "192.0.2.0", prefix: 24, family: "ipv4" });
  });

  it("puts every IPv4 address inside its own /24 and outside the neighbouring one", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        const list = networks([`${a}.${b}.${c}.0/24`]);
        expect(list.has(`${a}.${b}.${c}.${d}`)).toBe(true);
        expect(list.has(`${a}.${b}.${(c + 1) % 256}.${d}`)).toBe(false);
      }),
    );
  });
});
