import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after.js";

describe("retryAfterMs", () => {
  it("reads retry-after as seconds", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "7" }))).toBe(7_000);
    expect(retryAfterMs(new Headers({ "retry-after": "0.5" }))).toBe(500);
  });

  it("prefers Anthropic's retry-after-ms", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "7", "retry-after-ms": "1234.2" }))).toBe(
      1_235,
    );
  });

  it("reads an HTTP date relative to now, never negative", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(
      retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), () => now),
    ).toBe(30_000);
    expect(
      retryAfterMs(new Headers({ "retry-after": "Wed, 31 Dec 2025 23:00:00 GMT" }), () => now),
    ).toBe(0);
  });

  it("is undefined when the provider said nothing usable", () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});
