import { describe, expect, it } from "vitest";
import { SignInThrottle } from "./sign-in-throttle.js";

describe("the sign-in throttle", () => {
  it("keys are apart: one client failing on purpose does not lock out another", () => {
    const throttle = new SignInThrottle({ freeFailures: 1, firstDelayMs: 1_000 });
    throttle.failed(["address:attacker"], 0);
    throttle.failed(["address:attacker"], 0);
    expect(throttle.waitMs(["address:attacker"], 0)).toBe(1_000);
    expect(throttle.waitMs(["address:operator"], 0)).toBe(0);
  });

  it("under a spray of addresses its memory stays bounded, the newest keys kept", () => {
    const throttle = new SignInThrottle({ freeFailures: 0, firstDelayMs: 1_000 });
    for (let i = 0; i < 25_000; i += 1) throttle.failed([`address:${i}`], 0);
    expect(throttle.size).toBeLessThanOrEqual(10_000);
    expect(throttle.waitMs(["address:24999"], 0)).toBe(1_000);
  });

  it("caps the wait, and forgets failures an hour after the last", () => {
    const throttle = new SignInThrottle({
      freeFailures: 0,
      firstDelayMs: 1_000,
      maxDelayMs: 5_000,
      forgetAfterMs: 3_600_000,
    });
    for (let i = 0; i < 20; i += 1) throttle.failed(["k"], 0);
    expect(throttle.waitMs(["k"], 0)).toBe(5_000);
    throttle.failed(["k"], 10);
    expect(throttle.waitMs(["k"], 3_600_011)).toBe(0);
    throttle.failed(["k"], 3_600_011);
    expect(throttle.waitMs(["k"], 3_600_011)).toBe(1_000);
  });

  it("a success clears the keys' failures", () => {
    const throttle = new SignInThrottle({ freeFailures: 0 });
    throttle.failed(["k"], 0);
    throttle.succeeded(["k"]);
    expect(throttle.waitMs(["k"], 0)).toBe(0);
  });
});
