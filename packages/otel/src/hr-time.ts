import type { HrTime } from "@opentelemetry/api";

/**
 * Epoch milliseconds as OpenTelemetry's `[seconds, nanoseconds]`. Spans are given this form,
 * never a bare number: the SDK reads a number smaller than `performance.now()` as time since
 * the process started, so an event time from a clock near zero (a test's) would shift.
 */
export function hrTimeOf(epochMs: number): HrTime {
  let seconds = Math.floor(epochMs / 1_000);
  let nanos = Math.round((epochMs - seconds * 1_000) * 1_000_000);
  if (nanos >= 1_000_000_000) {
    seconds += 1;
    nanos -= 1_000_000_000;
  }
  return [seconds, nanos];
}
