// Hand-made run events for the observer's edge cases (the bound, malformed input), and an
// observer exporting to memory to feed them to.
import type { JobSubmittedEvent, RunEvent } from "@nucleo/core";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { GenAiTraceObserver } from "../gen-ai-trace-observer.js";
import type { GenAiTraceObserverOptions } from "../observer-options.js";

/** A `job.submitted` of a tool job with its lineage; `parentId` null makes it a workflow root. */
export function submitted(
  jobId: string,
  at: number,
  parentId: string | null = null,
  overrides: Partial<JobSubmittedEvent> = {},
): JobSubmittedEvent {
  return {
    type: "job.submitted",
    at,
    jobId,
    parentId,
    rootId: parentId === null ? jobId : "root",
    seq: 1,
    jobClass: "Work",
    jobName: "work",
    ordinal: null,
    kind: "tool",
    scope: { axes: {}, readOnly: false },
    ancestors: parentId === null ? [] : [parentId],
    ...overrides,
  };
}

/** A `job.finished` of `jobId` at `at`. */
export function finished(jobId: string, at: number, parentId: string | null = null): RunEvent {
  return {
    type: "job.finished",
    at,
    jobId,
    parentId,
    rootId: parentId === null ? jobId : "root",
    seq: 3,
    durationMs: 0,
  };
}

/** An observer on an in-memory exporter. */
export function observed(options: GenAiTraceObserverOptions = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const observer = new GenAiTraceObserver({ tracer: provider.getTracer("test"), ...options });
  return { observer, exporter };
}
