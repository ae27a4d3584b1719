// What lands on a run's row: its calls, its children's calls, their cost and their waits, by
// lineage, measured on the dispatcher's clock.
import { Decimal, type LlmCallEvent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { servedModelRuntime, until } from "../test-support/served-model-fixtures.js";
import { submitted, thinkerBenchmark, toolBenchmark } from "../test-support/tool-benchmark.js";

type ServedModelRuntime = ReturnType<typeof servedModelRuntime>;

/**
 * Runs `benchmark` on `runtime` until `stillRunning` holds (`what` names that moment), lets
 * `waitMs` pass on the runtime's clock with the held calls still out, then releases them and
 * returns the report's rows.
 */
async function rowsAfterWait(
  runtime: ServedModelRuntime,
  benchmark: ReturnType<typeof toolBenchmark>,
  wait: { stillRunning: () => boolean; what: string; waitMs: number },
) {
  const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
  await until(wait.stillRunning, wait.what);
  runtime.time.advance(wait.waitMs);
  runtime.client.releaseAll();
  await handle;
  return benchmark.report()!.rows;
}

describe("Benchmark (BenchmarkTest): a job that answers with the model it was served", () => {
  it("attributes a thinker's calls and its children's calls to its row, by lineage", async () => {
    const runtime = servedModelRuntime();
    const benchmark = thinkerBenchmark(runtime);
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await expect(handle).resolves.toEqual({ model: "model-alpha" });
    const report = benchmark.report()!;
    const runIds = submitted(runtime.events, handle.id)
      .slice(0, 4)
      .map((event) => event.jobId);
    const calls = runtime.events.filter(
      (event): event is LlmCallEvent => event.type === "llm.call",
    );
    report.rows.forEach((row, index) => {
      const mine = calls.filter(
        (call) => call.jobId === runIds[index] || call.ancestors.includes(runIds[index]!),
      );
      expect(mine).toHaveLength(3); // turn 1 (tool call), the tool's own call, turn 2 (answer)
      expect(row.calls).toBe(3);
      expect(row.iterations).toBe(2);
      const total = mine.reduce((sum, call) => sum.plus(Decimal.parse(call.cost)), Decimal.ZERO);
      expect(row.cost).toEqual({ USD: total.toString() });
      expect(row.tokens.input).toBe(mine.reduce((sum, call) => sum + call.usage.inputTokens, 0));
      // A pinned thinker pins the child that takes its grade: every call of the row went to its entry.
      expect(new Set(mine.map((call) => call.entryId))).toEqual(new Set([row.model]));
      expect(row.servedBy).toEqual([row.model]);
    });
    // Judging is costed apart, on no row.
    expect(report.judging).toMatchObject({ judges: 3, calls: 3 });
    const judgeCost = calls
      .filter((call) => call.entryId === "judge-xl")
      .reduce((sum, call) => sum.plus(Decimal.parse(call.cost)), Decimal.ZERO);
    expect(report.judging.cost).toEqual({ USD: judgeCost.toString() });
  });

  it("keeps a child's calls on its thinker's row when the picker served them elsewhere, and says which entries served", async () => {
    const runtime = servedModelRuntime();
    const benchmark = thinkerBenchmark(runtime, "MEDIUM");
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const beta = benchmark.report()!.rows.find((row) => row.model === "model-beta")!;
    // The child declares its own grade, so the picker (not the pin) chose its entry.
    expect(beta.servedBy).toEqual(["model-beta", "model-alpha"]);
    expect(beta.calls).toBe(3);
    const alphaPart = Decimal.parse(beta.cost.USD!).compare(Decimal.ZERO);
    expect(alphaPart).toBeGreaterThan(0);
  });

  it("attributes model latency through lineage: a child's wait lands on its thinker's row", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold((call) => call.kind === "tool" && call.entryId === "model-gamma");
    const benchmark = thinkerBenchmark(runtime);
    const rows = await rowsAfterWait(runtime, benchmark, {
      stillRunning: () =>
        runtime.client.inFlight("tool").length === 1 && runtime.client.inFlight().length === 1,
      what: "only gamma's child call is in flight",
      waitMs: 700,
    });
    expect(rows.find((row) => row.model === "model-gamma")).toMatchObject({
      latencyMs: 700,
      wallMs: 700,
    });
    expect(rows.find((row) => row.model === "model-beta")).toMatchObject({ latencyMs: 0 });
  });

  it("measures each run's wall time and model latency on the dispatcher's clock", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold("model-gamma");
    const benchmark = toolBenchmark(runtime);
    const rows = await rowsAfterWait(runtime, benchmark, {
      stillRunning: () =>
        runtime.client.inFlight("tool").length === 1 &&
        runtime.client.inFlight("judge").length === 0 &&
        runtime.client.calls.filter((call) => call.kind === "judge").length === 2,
      what: "only gamma is still running",
      waitMs: 4_500,
    });
    expect(rows.find((row) => row.model === "model-gamma")).toMatchObject({
      wallMs: 4_500,
      latencyMs: 4_500,
    });
    expect(rows.find((row) => row.model === "model-beta")).toMatchObject({
      wallMs: 0,
      latencyMs: 0,
    });
  });
});
