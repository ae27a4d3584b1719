import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-29T12:00:00Z");

  it("reads whole and fractional seconds", () => {
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter("1.5", now)).toBe(1_500);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(parseRetryAfter("Sun, 29 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
  });

  it("a header it cannot read is none given, never a date from a number", () => {
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("soon-ish", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
