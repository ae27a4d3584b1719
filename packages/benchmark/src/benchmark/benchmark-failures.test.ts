// A run, the reference or a judge that fails or hangs: what the row, the report and the
// benchmark's own result say.
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { FULL_MARKS, servedModelRuntime, until } from "../test-support/served-model-fixtures.js";
import { toolBenchmark } from "../test-support/tool-benchmark.js";

const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value, error: undefined }),
    (error: Error) => ({ value: undefined, error }),
  );

describe("Benchmark failure semantics", () => {
  it("a run that fails is a row that says so, and is not judged", async () => {
    const runtime = servedModelRuntime();
    runtime.client.answer = (call) =>
      call.kind === "tool" && call.entryId === "model-beta"
        ? ScriptedLlmClient.failure("HTTP 500 from the test")
        : undefined;
    const benchmark = toolBenchmark(runtime);
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const beta = benchmark.report()!.rows.find((row) => row.model === "model-beta")!;
    expect(beta).toMatchObject({
      status: "failed",
      judge: null,
      judgeNote: "the run failed",
      scorer: null,
    });
    expect(beta.error).toMatch(/HTTP 500 from the test/);
    expect(runtime.client.calls.filter((call) => call.kind === "judge")).toHaveLength(2);
    expect(benchmark.report()!.models.find((model) => model.model === "model-beta")).toMatchObject({
      runs: 1,
      failed: 1,
      judged: 0,
    });
  });

  it("a reference that fails fails the benchmark, after the table is logged and with every run unjudged", async () => {
    const runtime = servedModelRuntime();
    let first = true;
    runtime.client.answer = (call) =>
      call.kind === "tool" && first
        ? ((first = false), ScriptedLlmClient.failure("reference down"))
        : undefined;
    const benchmark = toolBenchmark(runtime);
    const { error } = await settle(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    );
    expect(error?.message).toMatch(
      /the reference run failed \(.*reference down.*\); every run is left unjudged/,
    );
    expect(runtime.logged).toHaveLength(1);
    const report = benchmark.report()!;
    expect(report.referenceFailure).toMatch(/reference down/);
    expect(
      report.rows.slice(1).map((row) => [row.status, row.judge, row.judgeNote, row.scorer]),
    ).toEqual([
      ["ok", null, "the reference failed", null],
      ["ok", null, "the reference failed", null],
      ["ok", null, "the reference failed", null],
    ]);
    expect(runtime.client.calls.some((call) => call.kind === "judge")).toBe(false);
  });

  it("a judge that fails costs its own run's score, with the reason on the row; the report names no judge failure", async () => {
    const runtime = servedModelRuntime();
    let judges = 0;
    runtime.client.answer = (call) =>
      call.kind === "judge" && judges++ === 0 ? ScriptedLlmClient.failure("judge down") : undefined;
    const benchmark = toolBenchmark(runtime);
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    const unjudged = report.rows.filter((row) => row.role === "candidate" && row.judge === null);
    expect(unjudged).toHaveLength(1);
    expect(unjudged[0]!.judgeNote).toMatch(/^the judge failed: .*judge down/);
    expect(report.rows.filter((row) => row.judge?.score === 10)).toHaveLength(2);
    expect(report.judgeFailure).toBeNull();
    expect(report.judging).toMatchObject({ judges: 3 });
  });

  it("names a judge failure in the report only when every judge failed", async () => {
    const runtime = servedModelRuntime();
    runtime.client.answer = (call) =>
      call.kind === "judge" ? ScriptedLlmClient.failure("judge down") : undefined;
    const benchmark = toolBenchmark(runtime);
    await expect(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    ).resolves.toEqual({ model: "model-alpha" });
    expect(benchmark.report()!.judgeFailure).toMatch(
      /^every judge failed; the first: the judge failed: .*judge down/,
    );
    expect(runtime.logged[0]).toMatch(/every judge failed/);
  });

  it("a judge answer that fails its schema is corrected, then counted", async () => {
    const runtime = servedModelRuntime();
    let judges = 0;
    runtime.client.answer = (call) =>
      call.kind === "judge" && judges++ === 0
        ? ScriptedLlmClient.json({ ...FULL_MARKS, accuracy: 9 })
        : undefined;
    const benchmark = toolBenchmark(runtime);
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    expect(report.rows.slice(1).every((row) => row.judge?.score === 10)).toBe(true);
    expect(report.judging).toMatchObject({ judges: 3, calls: 4 });
  });

  it("a run that hangs is cancelled at the run timeout and becomes a failed row; the benchmark still ends", async () => {
    const runtime = servedModelRuntime();
    const benchmark = toolBenchmark(runtime, { runTimeoutMs: 60_000 });
    runtime.client.hold("model-gamma");
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () =>
        runtime.client.inFlight("tool").length === 1 &&
        runtime.client.calls.filter((call) => call.kind === "judge" && call.done).length === 2,
      "the other runs are judged",
    );
    runtime.time.advance(60_000);
    await handle;
    const gamma = benchmark.report()!.rows.find((row) => row.model === "model-gamma")!;
    expect(gamma).toMatchObject({ status: "failed", judge: null });
    expect(gamma.error).toMatch(/run timeout of 60000 ms/);
  });
});
