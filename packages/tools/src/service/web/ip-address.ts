import { isIPv4, isIPv6 } from "node:net";

/**
 * Why an IP address is not on the public internet, as a phrase for a message ("a loopback
 * address"), or `undefined` for a public address. Covers IPv4 and IPv6, including IPv6
 * forms that carry an IPv4 address (IPv4-mapped `::ffff:127.0.0.1`, IPv4-compatible,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), which are judged by the address they carry.
 * Anything that is not an IP address is refused as unreadable.
 *
 * @internal
 */
export function nonPublicReason(address: string): string | undefined {
  if (isIPv4(address)) return ipv4Reason(parseIPv4(address));
  const unzoned = address.replace(/%.*$/, "");
  if (isIPv6(unzoned)) return ipv6Reason(parseIPv6(unzoned));
  return "not a readable IP address";
}

/** IPv4 ranges that are not public, as [first address, prefix length, reason]. */
const IPV4_RANGES: readonly (readonly [string, number, string])[] = [
  ["0.0.0.0", 8, "an unspecified address"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a private address"], // carrier-grade NAT, shared address space
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"], // includes cloud metadata at 169.254.169.254
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "a reserved address"],
  ["192.0.2.0", 24, "a reserved address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a reserved address"],
  ["198.51.100.0", 24, "a reserved address"],
  ["203.0.113.0", 24, "a reserved address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"], // includes 255.255.255.255
];

const IPV4_BLOCKS = IPV4_RANGES.map(([first, prefix, reason]) => ({ first: parseIPv4(first), mask: prefixMask(prefix), reason }));

function ipv4Reason(address: number): string | undefined {
  return IPV4_BLOCKS.find((block) => ((address & block.mask) >>> 0) === block.first)?.reason;
}

function ipv6Reason(groups: readonly number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  const embedded = (((g6 << 16) | g7) >>> 0);
  if (upperZero && g5 === 0xffff) return ipv4Reason(embedded); // IPv4-mapped
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return ipv4Reason(embedded) ?? "a reserved address"; // IPv4-translated (::ffff:0:0/96)
  if (upperZero && g5 === 0) {
    if (g6 === 0 && g7 === 0) return "an unspecified address";
    if (g6 === 0 && g7 === 1) return "a loopback address";
    return ipv4Reason(embedded) ?? "a reserved address"; // IPv4-compatible: deprecated, never routed
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Reason(embedded); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "a private address"; // local-use NAT64
  if (g0 === 0x2002) return ipv4Reason(((g1 << 16) | g2) >>> 0); // 6to4
  if (g0 === 0x2001 && g1 === 0) return "a reserved address"; // Teredo: the IPv4 it reaches is obfuscated
  if (g0 === 0x2001 && g1 === 0xdb8) return "a reserved address"; // documentation
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return "a reserved address"; // documentation, 3fff::/20 (RFC 9637)
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return "a reserved address"; // discard-only
  if ((g0 & 0xfe00) === 0xfc00) return "a unique-local address";
  if ((g0 & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g0 & 0xffc0) === 0xfec0) return "a private address"; // site-local, deprecated
  if ((g0 & 0xff00) === 0xff00) return "a multicast address";
  return undefined;
}

function parseIPv4(address: string): number {
  return address.split(".").reduce((value, octet) => ((value << 8) | Number(octet)) >>> 0, 0);
}

function prefixMask(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** Expands a valid IPv6 address (checked by `isIPv6`) into its eight 16-bit groups. */
function parseIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const value = parseIPv4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}
