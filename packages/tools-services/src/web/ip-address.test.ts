import { describe, expect, it } from "vitest";
import { nonPublicReason } from "./ip-address.js";

/** One address inside each non-public IPv4 range (first and last where a boundary matters), and why it is refused. */
const REFUSED_IPV4: readonly (readonly [string, string])[] = [
  ["0.1.2.3", "an unspecified address"],
  ["0.255.255.255", "an unspecified address"],
  ["10.1.2.3", "a private address"],
  ["10.255.255.255", "a private address"],
  ["100.64.0.1", "a private address"],
  ["100.127.255.255", "a private address"],
  ["127.0.0.1", "a loopback address"],
  ["127.255.255.254", "a loopback address"],
  ["169.254.169.254", "a link-local address"],
  ["169.254.255.255", "a link-local address"],
  ["172.16.0.1", "a private address"],
  ["172.31.255.255", "a private address"],
  ["192.0.0.8", "a reserved address"],
  ["192.0.2.1", "a reserved address"],
  ["192.168.1.1", "a private address"],
  ["198.18.0.1", "a reserved address"],
  ["198.19.255.255", "a reserved address"],
  ["198.51.100.7", "a reserved address"],
  ["203.0.113.9", "a reserved address"],
  ["224.0.0.1", "a multicast address"],
  ["239.255.255.255", "a multicast address"],
  ["240.0.0.1", "a reserved address"],
  ["255.255.255.255", "a reserved address"],
];

describe("nonPublicReason", () => {
  it.each<readonly [string, string]>([
    ...REFUSED_IPV4,
    ["0.0.0.0", "an unspecified address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["febf:ffff::1", "a link-local address"],
    ["fc00::1", "a unique-local address"],
    ["fd12:3456:789a::1", "a unique-local address"],
    ["fec0::1", "a private address"],
    ["ff02::1", "a multicast address"],
    ["ffff::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:0:7f00:1", "a loopback address"],
    ["::ffff:0:808:808", "a reserved address"],
    ["::FFFF:10.0.0.1", "a private address"],
    ["::ffff:169.254.169.254", "a link-local address"],
    ["::ffff:a9fe:a9fe", "a link-local address"],
    ["::127.0.0.1", "a loopback address"],
    ["::808:808", "a reserved address"],
    ["64:ff9b::a00:1", "a private address"],
    ["64:ff9b:1::1", "a private address"],
    ["2002:c0a8:101::1", "a private address"],
    ["2002:7f00:1::", "a loopback address"],
    ["2002:a9fe:a9fe::1", "a link-local address"],
    ["2001::1", "a reserved address"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "a reserved address"],
    ["2001:db8::1", "a reserved address"],
    ["3fff::1", "a reserved address"],
    ["3fff:fff:ffff::1", "a reserved address"],
    ["100::1", "a reserved address"],
    ["not-an-ip", "not a readable IP address"],
    ["1.2.3", "not a readable IP address"],
    ["", "not a readable IP address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  // Every IPv6 form that carries an IPv4 address is judged by the address it carries.
  it.each(REFUSED_IPV4)(
    "refuses %s in every IPv6 form that carries it (mapped, compatible, translated, NAT64) as %s",
    (ipv4, reason) => {
      for (const form of [`::ffff:${ipv4}`, `::${ipv4}`, `::ffff:0:${ipv4}`, `64:ff9b::${ipv4}`]) {
        expect([form, nonPublicReason(form)]).toEqual([form, reason]);
      }
    },
  );

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.0.0.1",
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.1",
    "192.0.1.1",
    "192.0.3.0",
    "192.167.255.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "198.51.101.0",
    "203.0.114.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:1::1",
    "3fff:1000::1",
  ])("admits the public address %s", (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });
});
