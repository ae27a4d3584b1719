import type { RunEvent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { finished, observed, submitted } from "./test-support/synthetic-events.js";

const lineage = { at: 5, jobId: "job", parentId: null, rootId: "job", seq: 2 };

/** Events no dispatcher sends, but a replay, a foreign emitter or a bug might. */
const MALFORMED: unknown[] = [
  null,
  undefined,
  42,
  "job.submitted",
  [],
  {},
  { type: "job.submitted" },
  { ...submitted("nan", 0), at: Number.NaN },
  { ...submitted("odd", -5), jobName: 5, kind: undefined, role: "weird", rootId: 7, ordinal: "x" },
  { ...submitted("child-of-object", 1), parentId: {} },
  { ...lineage, type: "job.started", attempt: "two", input: { deep: [1, { a: 2n }] } },
  { ...lineage, type: "job.started", jobId: "unknown" },
  { ...lineage, type: "job.retrying", reason: { nested: true }, attempt: null, delayMs: "soon" },
  { ...lineage, type: "job.failed", error: null },
  { ...lineage, type: "job.failed", jobId: "odd", error: "boom" },
  { ...lineage, type: "job.finished", jobId: "odd" },
  { ...lineage, type: "llm.call", jobId: "unknown", usage: null, latencyMs: -5 },
  { ...lineage, type: "llm.call", usage: { inputTokens: "many" }, requestModel: 9 },
  {
    ...lineage,
    type: "llm.call",
    usage: { inputTokens: 1, outputTokens: 1 },
    content: { messages: "nope", response: null, tools: "x", system: 3 },
  },
  {
    ...lineage,
    type: "llm.call",
    usage: { inputTokens: 1, outputTokens: 1 },
    stopReason: "end",
    content: {
      system: "s",
      messages: [null, { role: "user", parts: null }, { role: "user", parts: [null, { type: 5 }] }],
      tools: [1, "ok"],
      response: { text: 7, toolCalls: [null, { type: "tool_call", text: 5 }], thinking: "x" },
    },
  },
  { ...lineage, type: "tool.withheld", jobId: "unknown" },
  { ...lineage, type: "skill.admitted" },
  { ...lineage, type: "seat.reserved", entryId: 3 },
  { ...lineage, type: "something.new" },
  // Hostile objects: getters that throw, wherever the observer may look.
  new Proxy(
    {},
    {
      get() {
        throw new Error("hostile event");
      },
    },
  ),
  {
    ...lineage,
    type: "llm.call",
    usage: { inputTokens: 1, outputTokens: 1 },
    get content(): never {
      throw new Error("hostile content");
    },
  },
];

describe("GenAiTraceObserver: odd events", () => {
  it("never throws out of onEvent on malformed events, and traces the next run as usual", () => {
    const { observer, exporter } = observed({ content: "full" });
    observer.onEvent(submitted("job", 0));
    for (const [index, event] of MALFORMED.entries())
      expect(() => observer.onEvent(event as RunEvent), `malformed event ${index}`).not.toThrow();
    exporter.reset();

    observer.onEvent(submitted("after", 100));
    observer.onEvent(finished("after", 150));
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(["execute_tool work"]);
  });

  it("an event handed over twice opens one span and ends it once", () => {
    const { observer, exporter } = observed();
    const start = submitted("twice", 0);
    observer.onEvent(start);
    observer.onEvent(start);
    observer.onEvent(finished("twice", 10));
    observer.onEvent(finished("twice", 10));
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expect(observer.openJobs).toBe(0);
  });

  it("a job refused at the door (submitted, then failed) is one span in error", () => {
    const { observer, exporter } = observed();
    observer.onEvent(submitted("refused", 0, null, { kind: "orchestrator", jobName: "claims" }));
    observer.onEvent({
      type: "job.failed",
      at: 0,
      jobId: "refused",
      parentId: null,
      rootId: "refused",
      seq: 2,
      durationMs: 0,
      error: {
        name: "InvalidInputError",
        code: "invalid_input",
        message: 'Invalid value for "x".',
      },
    });
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe("invoke_workflow claims");
    expect(span!.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_workflow",
      "gen_ai.workflow.name": "claims",
      "error.type": "invalid_input",
    });
    expect(span!.status).toEqual({ code: 2, message: 'Invalid value for "x".' });
  });
});
