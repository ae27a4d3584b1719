import { Benchmark, type BenchmarkReport } from "@nucleo/benchmark";
import { Decimal, walkTrajectory, type LlmCallEvent } from "@nucleo/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  exampleCatalog,
  startMockProviderRuntime,
  type MockProviderRuntime,
} from "../test-support/mock-provider-runtime.js";
import { BUILT_IN_WORKFLOWS } from "./built-in-workflows.js";
import type { WorkflowDefinition } from "./workflow-definition.js";

let runtime: MockProviderRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function runExample(
  definition: WorkflowDefinition,
  provider: "openai" | "anthropic",
  input: unknown = definition.exampleInput,
) {
  runtime = await startMockProviderRuntime(
    await exampleCatalog((entry) => entry.provider === provider),
  );
  const start = definition.start(definition.input.parse(input), {
    environment: runtime.models.environment,
    conversations: runtime.conversations,
  });
  const handle = runtime.dispatcher.submit(start.job, start.input);
  const output = await handle;
  const outline: string[] = [];
  walkTrajectory(runtime.runLog.trajectory(handle.id)!, (node, depth) =>
    outline.push(`${depth}:${node.job.ordinal ?? "-"}:${node.job.jobName}:${node.job.status}`),
  );
  return { id: handle.id, output, outline, job: start.job };
}

const calls = () =>
  runtime!.events.filter((event): event is LlmCallEvent => event.type === "llm.call");

describe.each(["openai", "anthropic"] as const)(
  "the example workflows on the mock provider, %s wire",
  (provider) => {
    it("budget_check adds with its tool, delegates a recount to a sub-thinker, and is corrected by its guardrail", async () => {
      // Three costs keep the outline short; the example input is a longer loop (below).
      const run = await runExample(BUILT_IN_WORKFLOWS.budget_check, provider, {
        costs: [40, 70, 25],
        budget: 120,
      });
      expect(run.output).toEqual({ total: 135, verdict: "over" });
      expect(run.outline).toEqual([
        "0:-:budget_check:finished",
        "1:1:llm_call:finished",
        "1:1:add:finished",
        "1:2:llm_call:finished",
        "1:2:add:finished",
        "1:3:llm_call:finished",
        "1:3:sub_thinker:finished",
        "2:1:llm_call:finished",
        "2:1:add:finished",
        "2:2:llm_call:finished",
        "2:2:add:finished",
        "2:3:llm_call:finished",
        "1:4:llm_call:finished",
        "1:5:llm_call:finished",
      ]);
      const served = runtime!.models.mock!.requests;
      // The example catalog's LARGE OpenAI entry speaks the Responses API.
      const wire = provider === "openai" ? "openai-responses" : "anthropic";
      expect(served.every((request) => request.wire === wire)).toBe(true);
      // The guardrail's refusal went back to the model as a correction naming the field.
      expect(JSON.stringify(served.at(-1)!.body)).toContain("verdict_matches_budget");
    });

    it("budget_check's example loop reads its prefix from the provider's cache once the prompt is long enough to cache", async () => {
      const run = await runExample(BUILT_IN_WORKFLOWS.budget_check, provider);
      expect(run.output).toEqual({ total: 500, verdict: "over" });
      const read = calls().reduce((sum, call) => sum + (call.usage.cachedInputTokens ?? 0), 0);
      expect(read).toBeGreaterThan(0);
      // The mock caches nothing under 1,024 tokens: the loop's first turns read nothing.
      expect(calls()[0]!.usage.cachedInputTokens ?? 0).toBe(0);
      if (provider === "anthropic")
        expect(calls().some((call) => (call.usage.cacheWriteTokens ?? 0) > 0)).toBe(true);
    });

    it("benchmark_classify_ticket races every SMALL entry, judges each run at CEILING, and publishes its report", async () => {
      const run = await runExample(BUILT_IN_WORKFLOWS.benchmark_classify_ticket, provider);
      expect(run.output).toMatchObject({ label: "bug" });
      const report = (run.job as Benchmark<unknown, unknown>).report() as BenchmarkReport;
      expect(
        report.rows.map(
          (row) => `${row.role}:${row.status}:${row.judge?.score ?? "-"}:${row.scorer ?? "-"}`,
        ),
      ).toEqual(["reference:ok:-:-", "candidate:ok:10:10"]);
      expect(runtime!.runLog.job(run.id)!.published[Benchmark.REPORT]).toBeDefined();
      const judged = calls().filter((call) => call.jobClass === "JudgeTool");
      expect(judged).toHaveLength(1);
      expect(judged[0]!.grade).toBe("XL");
    });

    it("digest_document summarises the four paragraphs in parallel under one ordinal and joins them", async () => {
      const run = await runExample(BUILT_IN_WORKFLOWS.digest_document, provider);
      expect(
        run.outline.filter((line) => line.startsWith("1:2:summarize_paragraph:finished")),
      ).toHaveLength(4);
      expect((run.output as { digest: string }).digest).toMatch(
        /^1\. The spring survey counted forty-one nesting pairs on the north cliffs, up from thirty-two last year\.\n2\. Predation stayed low\./,
      );
    });

    it("support_chat is durable: a second turn on the same conversation resumes it with the first message", async () => {
      const first = await runExample(BUILT_IN_WORKFLOWS.support_chat, provider);
      expect(first.output).toBe(
        'Thanks for writing. I have noted: "Hello, my order #1042 has not arrived yet.". I will look into it.',
      );
      const definition = BUILT_IN_WORKFLOWS.support_chat;
      const start = definition.start(
        definition.input.parse({ conversation: "example-support-chat", message: "Any news?" }),
        { environment: runtime!.models.environment, conversations: runtime!.conversations },
      );
      expect(await runtime!.dispatcher.submit(start.job, start.input)).toBe(
        'This is message 2 of our conversation. You first wrote: "Hello, my order #1042 has not arrived yet.". I am still on it.',
      );
      const stored = await runtime!.conversations.obtain({
        seat: { grade: "SMALL", depth: "STANDARD", output: "COMPACT" },
        durableId: "example-support-chat",
      });
      expect(stored.turns().map((turn) => turn.role)).toEqual([
        "user",
        "assistant",
        "user",
        "assistant",
      ]);
    });
  },
);

describe("the cost of a mock run", () => {
  it("is exact: the workflow's total is the decimal sum of its calls, each priced from the catalog", async () => {
    const run = await runExample(BUILT_IN_WORKFLOWS.budget_check, "openai");
    const sum = calls().reduce((total, call) => total.plus(Decimal.parse(call.cost)), Decimal.ZERO);
    expect(runtime!.ledger.totalFor(run.id).cost.get("USD")?.toString()).toBe(sum.toString());
    expect(
      calls().every(
        (call) =>
          call.entryId === "openai-gpt-5" && Decimal.parse(call.cost).compare(Decimal.ZERO) > 0,
      ),
    ).toBe(true);
  });
});
