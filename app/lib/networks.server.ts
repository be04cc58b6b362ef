import { BlockList, isIP } from "node:net";

/**
 * Networks written as CIDR blocks (`203.0.113.0/24`, `2001:db8::/48`, or one
 * address), for the console's allowlist (issue 52, item 5;
 * ADMIN_ALLOW_NETWORKS): read once, then asked whether an address is inside.
 * IPv4 addresses in IPv6 form (`::ffff:203.0.113.7`, as a dual-stack socket
 * gives them) are read as the IPv4 address.
 */
export interface Networks {
  /** The blocks as given (for the go-live check and the logs). */
  readonly list: readonly string[];
  has(address: string): boolean;
}

/** One block's address and prefix length, or null when it is not a CIDR block. */
export function parseNetwork(block: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, extra] = block.trim().split("/");
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** The list's bad entries (none: every entry is a block). */
export function badNetworks(list: readonly string[]): string[] {
  return list.filter((block) => parseNetwork(block) === null);
}

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function networks(list: readonly string[]): Networks {
  const blocks = new BlockList();
  for (const block of list) {
    const parsed = parseNetwork(block);
    if (!parsed) throw new Error(`not a network: ${block}`);
    blocks.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return {
    list,
    has(address) {
      const plain = MAPPED.exec(address)?.[1] ?? address;
      const version = isIP(plain);
      if (version === 0) return false;
      return blocks.check(plain, version === 4 ? "ipv4" : "ipv6");
    },
  };
}
