// The race itself: the reference first and alone, the candidates pinned and overlapping, each
// judged blind as it lands, and the report published, with a model's spread over repeats.
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import {
  FULL_MARKS,
  MODEL_NAMES,
  namesIn,
  servedModelRuntime,
  until,
} from "../test-support/served-model-fixtures.js";
import { submitted, thinkerBenchmark, toolBenchmark } from "../test-support/tool-benchmark.js";
import { Benchmark } from "./benchmark.js";

describe("Benchmark (BenchmarkTest): a job that answers with the model it was served", () => {
  it("runs the reference first and alone, unpinned, before any candidate is submitted", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold("model-alpha");
    const benchmark = toolBenchmark(runtime);
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(() => runtime.client.calls.length === 1, "the reference calls its model");
    await Promise.resolve();
    expect(submitted(runtime.events, handle.id)).toHaveLength(1); // the reference, alone
    expect(runtime.client.inFlight()).toHaveLength(1);
    runtime.client.releaseAll();
    await handle;
    const children = submitted(runtime.events, handle.id);
    const referenceEnd = runtime.events.findIndex(
      (event) => event.type === "job.finished" && event.jobId === children[0]!.jobId,
    );
    const firstCandidate = runtime.events.indexOf(children[1]!);
    expect(referenceEnd).toBeLessThan(firstCandidate);
    expect(
      children.map((event) => (event.type === "job.submitted" ? event.ordinal : null)),
    ).toEqual([1, 2, 2, 2, 3, 3, 3]);
    // Unpinned: the picker served the grade's first entry.
    expect(benchmark.report()!.rows[0]).toMatchObject({
      role: "reference",
      model: "model-alpha",
      providerModel: "alpha-chat-2",
    });
  });

  it("returns the reference's output, pins each candidate to its entry, and scores it against the reference", async () => {
    const runtime = servedModelRuntime();
    const benchmark = toolBenchmark(runtime);
    await expect(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    ).resolves.toEqual({ model: "model-alpha" });
    const rows = benchmark.report()!.rows;
    expect(rows.map((row) => [row.run, row.role, row.model, row.status, row.scorer])).toEqual([
      [0, "reference", "model-alpha", "ok", null],
      [1, "candidate", "model-alpha", "ok", 10],
      [2, "candidate", "model-beta", "ok", 0],
      [3, "candidate", "model-gamma", "ok", 0],
    ]);
    const served = runtime.client.calls
      .filter((call) => call.kind === "tool")
      .map((call) => call.entryId);
    expect(served).toEqual(["model-alpha", "model-alpha", "model-beta", "model-gamma"]);
    expect(rows.slice(1).every((row) => row.judge?.score === 10)).toBe(true);
    expect(rows[0]!.judge).toBeNull(); // the reference is not judged
  });

  it("submits every candidate run before any lands: the race overlaps", async () => {
    const runtime = servedModelRuntime();
    // Every tool call after the first (the reference's) waits until the test lets it go.
    runtime.client.hold(
      (call) =>
        call.kind === "tool" &&
        runtime.client.calls.filter((seen) => seen.kind === "tool").indexOf(call) > 0,
    );
    const handle = runtime.dispatcher.submit(toolBenchmark(runtime), {
      question: "Which model are you?",
    });
    await until(
      () => runtime.client.inFlight("tool").length === 3,
      "three candidate calls are in flight",
    );
    expect(new Set(runtime.client.inFlight("tool").map((call) => call.entryId))).toEqual(
      new Set(["model-alpha", "model-beta", "model-gamma"]),
    );
    runtime.client.releaseAll();
    await handle;
  });

  it("submits a run's judge the moment the run lands, while other runs are still going", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold("model-beta", "model-gamma");
    const handle = runtime.dispatcher.submit(toolBenchmark(runtime), {
      question: "Which model are you?",
    });
    await until(
      () => runtime.client.calls.some((call) => call.kind === "judge"),
      "a judge is called",
    );
    expect(
      runtime.client
        .inFlight("tool")
        .map((call) => call.entryId)
        .sort(),
    ).toEqual(["model-beta", "model-gamma"]);
    runtime.client.releaseAll();
    await handle;
    expect(runtime.client.calls.filter((call) => call.kind === "judge")).toHaveLength(3);
  });

  it("keeps the judge blind: no entry id or provider model name reaches a judge's prompt", async () => {
    const runtime = servedModelRuntime();
    await runtime.dispatcher.submit(thinkerBenchmark(runtime), {
      question: "Which model are you?",
    });
    const judged = runtime.client.calls.filter((call) => call.kind === "judge");
    expect(judged).toHaveLength(3);
    // Every run named its entry id (answer, tool result) and its provider model (tool arguments,
    // reasoning, thinking) — on both sides, for every candidate entry.
    const runs = runtime.client.calls
      .filter((call) => call.kind !== "judge")
      .map((call) => call.text)
      .join("\n");
    for (const name of ["alpha-chat-2", "beta-pro-1", "gamma-mini-3"])
      expect(runs).toContain(`Are you ${name}?`);
    for (const call of judged) {
      expect(namesIn(call.text, MODEL_NAMES)).toEqual([]);
      expect(call.text).toContain("[model]");
    }
  });

  it("publishes the report on the job's metadata under Benchmark.REPORT and logs it as a table", async () => {
    const runtime = servedModelRuntime();
    const benchmark = toolBenchmark(runtime);
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await handle;
    const published = runtime.runLog.job(handle.id)!.published[Benchmark.REPORT] as BenchmarkReport;
    expect(published).toEqual(JSON.parse(JSON.stringify(benchmark.report())));
    expect(runtime.logged).toHaveLength(1);
    for (const entry of ["model-alpha", "model-beta", "model-gamma"])
      expect(runtime.logged[0]).toContain(entry);
  });

  it("with times > 1, runs each entry that many times and gives each model's mean and spread", async () => {
    const runtime = servedModelRuntime();
    let judged = 0;
    runtime.client.answer = (call) =>
      call.kind === "judge"
        ? ScriptedLlmClient.json({ ...FULL_MARKS, accuracy: 3 + (judged++ % 3) })
        : undefined;
    const benchmark = toolBenchmark(runtime, { times: 3 });
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    expect(report.rows).toHaveLength(10);
    expect(report.rows.slice(1).map((row) => `${row.model}#${row.repeat}`)).toEqual([
      "model-alpha#1",
      "model-alpha#2",
      "model-alpha#3",
      "model-beta#1",
      "model-beta#2",
      "model-beta#3",
      "model-gamma#1",
      "model-gamma#2",
      "model-gamma#3",
    ]);
    for (const model of report.models) {
      expect(model.runs).toBe(3);
      expect(model.judgeScore!.count).toBe(3);
      expect(model.latencyMs!.count).toBe(3);
    }
    expect(report.models.some((model) => (model.judgeScore!.stdDev ?? 0) > 0)).toBe(true);
  });
});
