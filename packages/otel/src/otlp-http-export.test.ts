import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpReceiver } from "@nucleo/testing";
import { tracedRun } from "./test-support/traced-run.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("GenAiTraceObserver over OTLP/HTTP", () => {
  it("a thinker run sent with the OTLP/HTTP exporter arrives at a receiver as the same GenAI trace: names, kinds, parents, attributes", async () => {
    const receiver = await startOtlpReceiver();
    closers.push(receiver.close);
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": "nucleo-worker" }),
      spanProcessors: [
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: receiver.url }) }),
      ],
    });
    closers.push(() => provider.shutdown());

    const { events } = await tracedRun({ tracer: provider.getTracer("@nucleo/otel") });
    await provider.forceFlush();

    const spans = receiver.spans;
    expect(receiver.contentTypes.every((type) => type.startsWith("application/json"))).toBe(true);
    expect(spans.map((span) => span.name).sort()).toEqual(
      [
        ...Array<string>(7).fill("chat medium"),
        "chat small",
        "execute_tool quick_llm_question",
        "execute_tool shout",
        "execute_tool shout",
        "invoke_agent planner",
        "invoke_agent sub_thinker",
      ].sort(),
    );
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(spans.every((span) => span.resource["service.name"] === "nucleo-worker")).toBe(true);

    // Parent links, by name: every span's parent arrived too.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (name: string) => [
      ...new Set(
        spans
          .filter((span) => span.name === name)
          .map((span) => byId.get(span.parentSpanId ?? "")?.name ?? null),
      ),
    ];
    expect(parentOf("invoke_agent planner")).toEqual([null]);
    expect(parentOf("invoke_agent sub_thinker")).toEqual(["invoke_agent planner"]);
    expect(parentOf("execute_tool quick_llm_question")).toEqual(["invoke_agent planner"]);
    expect(parentOf("chat small")).toEqual(["execute_tool quick_llm_question"]);
    expect(parentOf("execute_tool shout").sort()).toEqual(
      ["invoke_agent planner", "invoke_agent sub_thinker"].sort(),
    );
    expect(parentOf("chat medium").sort()).toEqual(
      ["invoke_agent planner", "invoke_agent sub_thinker"].sort(),
    );

    // Kinds (OTLP numbering: 1 internal, 3 client), an error status, attributes as typed values.
    expect(
      new Set(spans.filter((span) => span.name.startsWith("chat")).map((s) => s.kind)),
    ).toEqual(new Set([3]));
    expect(
      new Set(spans.filter((span) => !span.name.startsWith("chat")).map((s) => s.kind)),
    ).toEqual(new Set([1]));
    expect(spans.filter((span) => span.statusCode === 2).map((span) => span.name)).toEqual([
      "execute_tool shout",
    ]);
    const first = spans.find((span) => span.attributes["nucleo.cost"] === "0.000185")!;
    expect(first.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "medium",
      "gen_ai.response.model": "medium-2026-11",
      "gen_ai.response.finish_reasons": ["tool_call"],
      "gen_ai.usage.input_tokens": 145,
      "gen_ai.usage.output_tokens": 10,
      "gen_ai.usage.cache_read.input_tokens": 40,
      "nucleo.cost.currency": "USD",
      "nucleo.workflow.id": events[0]!.jobId,
    });
  });
});
