// Spans as plain data a test can compare whole: kind and status by name, times in ms from the
// run's start, the parent by its name (parents in these runs have unique names).
import { SpanKind, SpanStatusCode, type Attributes, type HrTime } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";

/** One span, as a test reads it. */
export interface SpanView {
  readonly name: string;
  readonly kind: string;
  readonly parent: string | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly status: string;
  readonly attributes: Attributes;
  readonly events: readonly { name: string; atMs: number; attributes: Attributes | undefined }[];
}

/** Epoch ms of an HrTime. */
export function msOf(time: HrTime): number {
  return time[0] * 1_000 + time[1] / 1_000_000;
}

/** Every span in export order, times relative to `origin` (epoch ms). */
export function viewOf(spans: readonly ReadableSpan[], origin: number): SpanView[] {
  const names = new Map(spans.map((span) => [span.spanContext().spanId, span.name]));
  return spans.map((span) => {
    const parentId = span.parentSpanContext?.spanId;
    const status =
      span.status.code === SpanStatusCode.ERROR
        ? `ERROR: ${span.status.message}`
        : SpanStatusCode[span.status.code];
    return {
      name: span.name,
      kind: SpanKind[span.kind],
      parent: parentId === undefined ? null : (names.get(parentId) ?? `unknown span ${parentId}`),
      startMs: msOf(span.startTime) - origin,
      endMs: msOf(span.endTime) - origin,
      status,
      attributes: span.attributes,
      events: span.events.map((event) => ({
        name: event.name,
        atMs: msOf(event.time) - origin,
        attributes: event.attributes,
      })),
    };
  });
}
