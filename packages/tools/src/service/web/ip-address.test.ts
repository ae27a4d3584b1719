import { describe, expect, it } from "vitest";
import { nonPublicReason } from "./ip-address.js";

describe("nonPublicReason", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.255.254", "a loopback address"],
    ["10.1.2.3", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["0.0.0.0", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["fc00::1", "a unique-local address"],
    ["fd12:3456:789a::1", "a unique-local address"],
    ["ff02::1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:0:7f00:1", "a loopback address"],
    ["::ffff:0:808:808", "a reserved address"],
    ["::FFFF:10.0.0.1", "a private address"],
    ["::ffff:169.254.169.254", "a link-local address"],
    ["::127.0.0.1", "a loopback address"],
    ["64:ff9b::a00:1", "a private address"],
    ["2002:c0a8:101::1", "a private address"],
    ["2001:db8::1", "a reserved address"],
    ["3fff::1", "a reserved address"],
    ["3fff:fff:ffff::1", "a reserved address"],
    ["not-an-ip", "not a readable IP address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "3fff:1000::1"])(
    "admits the public address %s",
    (address) => {
      expect(nonPublicReason(address)).toBeUndefined();
    },
  );
});
