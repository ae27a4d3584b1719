import type { Attributes } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { RUN_START, tracedRun } from "./test-support/traced-run.js";
import { viewOf } from "./test-support/span-view.js";

/** The attributes every `chat` span of the run shares (the test catalog's OpenAI entries). */
function chat(jobId: string, workflowId: string, model: string, rest: Attributes): Attributes {
  const grade = model === "small" ? "SMALL" : "MEDIUM";
  return {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": "openai",
    "gen_ai.request.model": model,
    "gen_ai.response.model": model,
    ...rest,
    "nucleo.job.id": jobId,
    "nucleo.workflow.id": workflowId,
    "nucleo.entry.id": model,
    "nucleo.grade": grade,
    "nucleo.depth": model === "small" ? "QUICK" : "STANDARD",
    "nucleo.cost.currency": "USD",
  };
}

const tokens = (input: number, output: number): Attributes => ({
  "gen_ai.usage.input_tokens": input,
  "gen_ai.usage.output_tokens": output,
});

describe("GenAiTraceObserver: a thinker run as a GenAI trace", () => {
  it("a thinker with tools, a one-call tool and a sub-thinker gives exactly these spans: names, kinds, attributes, parents, times and status", async () => {
    const { spans, events } = await tracedRun();
    const submitted = events.filter((event) => event.type === "job.submitted");
    // Jobs in the order they were submitted: planner, turn, shout, turn, quick question, turn,
    // sub_thinker, its turn (retried), its shout, its turn, the planner's last turn.
    const id = (n: number) => submitted[n - 1]!.jobId;
    const root = id(1);
    const job = (n: number, jobClass: string, parent: string, step: number): Attributes => ({
      "nucleo.job.id": id(n),
      "nucleo.job.class": jobClass,
      "nucleo.job.parent_id": parent,
      "nucleo.workflow.id": root,
      "nucleo.step": step,
    });

    expect(viewOf(spans, RUN_START)).toEqual([
      {
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent planner",
        startMs: 0,
        endMs: 120,
        status: "UNSET",
        attributes: chat(id(2), root, "medium", {
          "gen_ai.response.model": "medium-2026-11",
          "gen_ai.response.finish_reasons": ["tool_call"],
          // Input counts cache reads and writes too (100 + 40 + 5), as the conventions ask.
          ...tokens(145, 10),
          "gen_ai.usage.cache_read.input_tokens": 40,
          "gen_ai.usage.cache_creation.input_tokens": 5,
          "nucleo.cost": "0.000185",
        }),
        events: [],
      },
      {
        name: "execute_tool shout",
        kind: "INTERNAL",
        parent: "invoke_agent planner",
        startMs: 120,
        endMs: 120,
        status: "UNSET",
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "shout",
          ...job(3, "Shout", root, 1),
        },
        events: [],
      },
      {
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent planner",
        startMs: 120,
        endMs: 240,
        status: "UNSET",
        attributes: chat(id(4), root, "medium", {
          "gen_ai.response.finish_reasons": ["tool_call"],
          ...tokens(200, 20),
          "nucleo.cost": "0.00028",
        }),
        events: [],
      },
      {
        // The one-call tool's own call is the child of its execute_tool span.
        name: "chat small",
        kind: "CLIENT",
        parent: "execute_tool quick_llm_question",
        startMs: 240,
        endMs: 360,
        status: "UNSET",
        attributes: chat(id(5), root, "small", {
          "gen_ai.response.finish_reasons": ["stop"],
          ...tokens(30, 3),
          "nucleo.cost": "0.000042",
        }),
        events: [],
      },
      {
        name: "execute_tool quick_llm_question",
        kind: "INTERNAL",
        parent: "invoke_agent planner",
        startMs: 240,
        endMs: 360,
        status: "UNSET",
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "quick_llm_question",
          ...job(5, "QuickLLMQuestionTool", root, 2),
        },
        events: [],
      },
      {
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent planner",
        startMs: 360,
        endMs: 480,
        status: "UNSET",
        attributes: chat(id(6), root, "medium", {
          "gen_ai.response.finish_reasons": ["tool_call"],
          ...tokens(300, 30),
          "nucleo.cost": "0.00042",
        }),
        events: [],
      },
      {
        // The delegate's first turn, cut off at the output budget...
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent sub_thinker",
        startMs: 480,
        endMs: 600,
        status: "UNSET",
        attributes: chat(id(8), root, "medium", {
          "gen_ai.response.finish_reasons": ["length"],
          ...tokens(50, 5),
          "nucleo.cost": "0.00007",
        }),
        events: [],
      },
      {
        // ...and the same turn's second attempt (reasoning counts in the output). Attempts and
        // corrections are attributes only when there are some.
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent sub_thinker",
        startMs: 600,
        endMs: 720,
        status: "UNSET",
        attributes: chat(id(8), root, "medium", {
          "gen_ai.response.finish_reasons": ["tool_call"],
          ...tokens(60, 10),
          "gen_ai.usage.reasoning.output_tokens": 4,
          "nucleo.attempt": 2,
          "nucleo.cost": "0.0001",
        }),
        events: [],
      },
      {
        name: "execute_tool shout",
        kind: "INTERNAL",
        parent: "invoke_agent sub_thinker",
        startMs: 720,
        endMs: 720,
        status: 'ERROR: The megaphone service failed during "shout": HTTP 503.',
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "shout",
          ...job(9, "Shout", id(7), 1),
          "error.type": "external_service",
        },
        events: [],
      },
      {
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent sub_thinker",
        startMs: 720,
        endMs: 840,
        status: "UNSET",
        attributes: chat(id(10), root, "medium", {
          "gen_ai.response.finish_reasons": ["stop"],
          ...tokens(70, 7),
          "nucleo.cost": "0.000098",
        }),
        events: [],
      },
      {
        name: "invoke_agent sub_thinker",
        kind: "INTERNAL",
        parent: "invoke_agent planner",
        startMs: 480,
        endMs: 840,
        status: "UNSET",
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.agent.name": "sub_thinker",
          "gen_ai.agent.id": id(7),
          ...job(7, "SubThinker", root, 3),
          // Its own turns: 50 + 60 + 70 in, 5 + 10 + 7 out.
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "medium",
          ...tokens(180, 22),
          "gen_ai.usage.reasoning.output_tokens": 4,
        },
        events: [
          {
            name: "nucleo.job.retrying",
            atMs: 600,
            attributes: {
              "nucleo.retry.reason": "truncation",
              "nucleo.attempt": 1,
              "nucleo.retry.delay_ms": 0,
              "nucleo.job.id": id(8),
            },
          },
        ],
      },
      {
        name: "chat medium",
        kind: "CLIENT",
        parent: "invoke_agent planner",
        startMs: 840,
        endMs: 960,
        status: "UNSET",
        attributes: chat(id(11), root, "medium", {
          "gen_ai.response.finish_reasons": ["stop"],
          ...tokens(400, 40),
          "nucleo.cost": "0.00056",
        }),
        events: [],
      },
      {
        name: "invoke_agent planner",
        kind: "INTERNAL",
        parent: null,
        startMs: 0,
        endMs: 960,
        status: "UNSET",
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.agent.name": "planner",
          "gen_ai.agent.id": root,
          "nucleo.job.id": root,
          "nucleo.job.class": "Planner",
          "nucleo.workflow.id": root,
          // Its own four turns; the one-call tool's and the delegate's calls are theirs.
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "medium",
          ...tokens(1_045, 100),
          "gen_ai.usage.cache_read.input_tokens": 40,
          "gen_ai.usage.cache_creation.input_tokens": 5,
        },
        events: [],
      },
    ]);
  });

  it("a workflow is one trace: every span shares the root's trace id, and only the root has no parent", async () => {
    const { spans } = await tracedRun();
    const traceIds = new Set(spans.map((span) => span.spanContext().traceId));
    expect(traceIds.size).toBe(1);
    expect(spans.filter((span) => span.parentSpanContext === undefined).map((s) => s.name)).toEqual(
      ["invoke_agent planner"],
    );
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    for (const span of spans)
      if (span.parentSpanContext !== undefined)
        expect(ids.has(span.parentSpanContext.spanId), span.name).toBe(true);
  });

  it("two workflows are two traces", async () => {
    const first = await tracedRun();
    const second = await tracedRun();
    expect(first.spans[0]!.spanContext().traceId).not.toBe(second.spans[0]!.spanContext().traceId);
  });
});
