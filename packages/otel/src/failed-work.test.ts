import { ScriptedLlmClient } from "@nucleo/testing";
import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { viewOf } from "./test-support/span-view.js";
import { RUN_START, tracedRun } from "./test-support/traced-run.js";

const FAILED = 'ERROR: The scripted service failed during "send": HTTP 500.';

describe("GenAiTraceObserver: failures and where traces start", () => {
  it("a turn the provider failed before answering is a chat span in error under its agent, and the agent's span fails with it", async () => {
    const { spans, events, answer } = await tracedRun(
      {},
      [],
      [
        ScriptedLlmClient.toolCall("shout", { message: "hello" }),
        ScriptedLlmClient.failure("HTTP 500"),
      ],
    );
    expect(answer).toBeInstanceOf(Error);
    const submitted = events.filter((event) => event.type === "job.submitted");
    const root = submitted[0]!.jobId;
    const view = viewOf(spans, RUN_START);
    // The failed turn is named and attributed after the entry's earlier call: same provider, model.
    expect(view[2]).toEqual({
      name: "chat medium",
      kind: "CLIENT",
      parent: "invoke_agent planner",
      startMs: 120,
      endMs: 240,
      status: FAILED,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "medium",
        "error.type": "external_service",
        "nucleo.job.id": submitted[3]!.jobId,
        "nucleo.workflow.id": root,
        "nucleo.entry.id": "medium",
      },
      events: [],
    });
    expect(view[3]).toMatchObject({
      name: "invoke_agent planner",
      parent: null,
      endMs: 240,
      status: FAILED,
      attributes: { "error.type": "external_service" },
    });
    expect(view).toHaveLength(4);
  });

  it("a failed call on an entry no call has named yet is a span named chat, with the entry's id", async () => {
    const { spans } = await tracedRun({}, [], [ScriptedLlmClient.failure("HTTP 500")]);
    const view = viewOf(spans, RUN_START);
    expect(view.map((span) => [span.name, span.status])).toEqual([
      ["chat", FAILED],
      ["invoke_agent planner", FAILED],
    ]);
    expect(view[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "error.type": "external_service",
      "nucleo.entry.id": "medium",
    });
    expect(view[0]!.attributes["gen_ai.provider.name"]).toBeUndefined();
  });

  it("with a parent context, each workflow's root span is its child, in its trace", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const request = provider.getTracer("app").startSpan("POST /claims");
    const asked: string[] = [];
    const { spans, events } = await tracedRun({
      parent: (workflowId) => {
        asked.push(workflowId);
        return trace.setSpan(ROOT_CONTEXT, request);
      },
    });
    const root = spans.find((span) => span.name === "invoke_agent planner")!;
    expect(root.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(
      new Set([request.spanContext().traceId]),
    );
    // Asked once, for the workflow's root only: children follow their parents.
    expect(asked).toEqual([events[0]!.jobId]);
  });

  it("a parent function that throws leaves the workflow a trace of its own, and the run untouched", async () => {
    const { spans, answer } = await tracedRun({
      parent: () => {
        throw new Error("no request context");
      },
    });
    expect(typeof answer).toBe("string");
    expect(spans.find((span) => span.name === "invoke_agent planner")!.parentSpanContext).toBe(
      undefined,
    );
    expect(spans).toHaveLength(13);
  });
});
