import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The guard for every request our server makes to an address someone else
 * chose (an operator's blog link, a browser's push endpoint): every address
 * the host resolves to must be public, and the connection goes to the
 * address that was checked (no DNS rebinding). `allowHosts` ("127.0.0.1:4100")
 * lets tests reach a local server; it is never set in production.
 * Relative imports only: the alert worker loads this natively.
 */
export interface OutboundOptions {
  allowHosts?: readonly string[];
  /** DNS resolution, replaceable in tests. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export type PinnedAddress = { address: string; family: number };

/** Why an address may not be reached: it does not resolve, or it is not public. */
export class OutboundRefused extends Error {
  readonly code: "network" | "blocked";
  constructor(code: "network" | "blocked") {
    super(code);
    this.code = code;
  }
}

// Everything that is not the public internet: this host, private networks,
// link-local (cloud metadata 169.254.169.254), carrier NAT, multicast, reserved.
// Two lists: Node's BlockList would also match IPv4 addresses against IPv6
// rules through their IPv4-mapped form (::ffff:0:0/96 would then block all).
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked4.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked6.addSubnet(net, prefix, "ipv6");

/** Only public unicast addresses. IPv4 inside IPv6 (::ffff:a.b.c.d, NAT64) is refused by the list above. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked4.check(address, "ipv4");
  if (family === 6) return !blocked6.check(address, "ipv6");
  return false;
}

async function systemResolve(hostname: string) {
  return lookup(hostname, { all: true, verbatim: true });
}

/**
 * Resolves the URL's host and answers the address to connect to (null for an
 * allow-listed test host: connect as usual); refuses when any address is not public.
 */
export async function pinnedAddress(url: URL, options: OutboundOptions = {}): Promise<PinnedAddress | null> {
  if (options.allowHosts?.includes(url.host)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: PinnedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundRefused("network");
    }
  }
  if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address))) throw new OutboundRefused("blocked");
  return addresses[0]!;
}

/** A `lookup` for http(s).request that always answers the checked address. */
export function pinLookup(pinned: PinnedAddress | null): LookupFunction | undefined {
  if (!pinned) return undefined;
  return (_hostname, opts, callback) => {
    if (opts?.all) (callback as unknown as (e: null, a: PinnedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** A host list from an environment variable ("127.0.0.1:4100,…"); empty in production. */
export function hostList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
