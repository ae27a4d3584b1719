import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after.js";

describe("retryAfterMs", () => {
  it("prefers OpenAI's retry-after-ms", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "1500.5", "retry-after": "9" }))).toBe(
      1501,
    );
  });

  it("reads retry-after as seconds", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2_000);
  });

  it("reads retry-after as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now)).toBe(
      3_000,
    );
  });

  it("is undefined when absent or unreadable, so the dispatcher backs off on its own", () => {
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it("never goes below zero and ignores absurd waits", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "-5" }))).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after": "9999999" }))).toBeUndefined();
  });
});
