import { BlockList, isIPv4, isIPv6 } from "node:net";

type Family = "ipv4" | "ipv6";
/** A range as `BlockList.addSubnet` takes it: first address, prefix length, family. */
type Subnet = readonly [address: string, prefix: number, family: Family];

/** One reason an address is not public, and the ranges it covers. */
interface Rule {
  readonly reason: string;
  readonly ranges: BlockList;
}

/**
 * Why an IP address is not on the public internet, as a phrase for a message ("a loopback
 * address"), or `undefined` for a public address. Covers IPv4 and IPv6, including IPv6
 * forms that carry an IPv4 address (IPv4-mapped `::ffff:127.0.0.1`, IPv4-compatible,
 * IPv4-translated, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), which are judged by the address
 * they carry. Anything that is not an IP address is refused as unreadable.
 *
 * Node's `BlockList` reads the address and matches the ranges (an IPv4 range also matches
 * the IPv4-mapped form); the other embedding forms are listed as IPv6 ranges of their own.
 *
 * @internal
 */
export function nonPublicReason(address: string): string | undefined {
  // A zone (`fe80::1%eth0`) names an interface, not part of the address.
  const unzoned = address.replace(/%.*$/, "");
  const family: Family | undefined = isIPv4(unzoned)
    ? "ipv4"
    : isIPv6(unzoned)
      ? "ipv6"
      : undefined;
  if (family === undefined) return "not a readable IP address";
  return RULES.find((rule) => rule.ranges.check(unzoned, family))?.reason;
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

/**
 * Where an IPv4 range stands again inside IPv6 forms that carry an IPv4 address in their last
 * 32 bits: IPv4-compatible (`::/96`, deprecated), IPv4-translated (`::ffff:0:0/96`) and NAT64
 * (`64:ff9b::/96`), then 6to4 (`2002::/16`, the IPv4 address in bits 16 to 47).
 */
function embeddedForms(first: string, prefix: number): Subnet[] {
  const [a = 0, b = 0, c = 0, d = 0] = first.split(".").map(Number);
  const sixToFour = `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::`;
  return [
    [`::${first}`, 96 + prefix, "ipv6"],
    [`::ffff:0:${first}`, 96 + prefix, "ipv6"],
    [`64:ff9b::${first}`, 96 + prefix, "ipv6"],
    [sixToFour, 16 + prefix, "ipv6"],
  ];
}

function rule(reason: string, subnets: readonly Subnet[]): Rule {
  const ranges = new BlockList();
  for (const [first, prefix, family] of subnets) {
    if (prefix === (family === "ipv4" ? 32 : 128)) ranges.addAddress(first, family);
    else ranges.addSubnet(first, prefix, family);
  }
  return { reason, ranges };
}

/** The IPv4 ranges, one rule per reason, each with its IPv6 embeddings. */
function ipv4Rules(): Rule[] {
  const byReason = new Map<string, Subnet[]>();
  for (const [first, prefix, reason] of IPV4_RANGES) {
    const subnets = byReason.get(reason) ?? [];
    subnets.push([first, prefix, "ipv4"], ...embeddedForms(first, prefix));
    byReason.set(reason, subnets);
  }
  return [...byReason].map(([reason, subnets]) => rule(reason, subnets));
}

/**
 * First match wins, so order matters where ranges nest: `::` and `::1` before the IPv4
 * embeddings (as IPv4-compatible forms they would read as 0.0.0.0 and 0.0.0.1), and the
 * embeddings before the whole-block catch-alls below them.
 */
const RULES: readonly Rule[] = [
  rule("an unspecified address", [["::", 128, "ipv6"]]),
  rule("a loopback address", [["::1", 128, "ipv6"]]),
  ...ipv4Rules(),
  rule("a reserved address", [
    ["::", 96, "ipv6"], // IPv4-compatible carrying a public address: deprecated, never routed
    ["::ffff:0:0:0", 96, "ipv6"], // IPv4-translated carrying a public address
    ["2001::", 32, "ipv6"], // Teredo: the IPv4 it reaches is obfuscated
    ["2001:db8::", 32, "ipv6"], // documentation
    ["3fff::", 20, "ipv6"], // documentation (RFC 9637)
    ["100::", 64, "ipv6"], // discard-only
  ]),
  rule("a private address", [
    ["64:ff9b:1::", 48, "ipv6"], // local-use NAT64
    ["fec0::", 10, "ipv6"], // site-local, deprecated
  ]),
  rule("a unique-local address", [["fc00::", 7, "ipv6"]]),
  rule("a link-local address", [["fe80::", 10, "ipv6"]]),
  rule("a multicast address", [["ff00::", 8, "ipv6"]]),
];
