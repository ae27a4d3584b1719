import { Decimal, SystemError, type LlmCallEvent, type RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import {
  ENTRIES,
  FULL_MARKS,
  MODEL_NAMES,
  namesIn,
  ServedModelThinker,
  ServedModelTool,
  servedModelRuntime,
  until,
  type ServedAnswer,
} from "../test-support/served-model-fixtures.js";
import { JudgeTool } from "../judge/index.js";
import { Benchmark } from "./benchmark.js";
import type { BenchmarkOptions } from "./benchmark-options.js";
import type { Scorer } from "./scorer.js";

const sameModel: Scorer<ServedAnswer> = {
  name: "same_model",
  score: (candidate, reference) => (candidate.model === reference.model ? 10 : 0),
};
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value, error: undefined }),
    (error: Error) => ({ value: undefined, error }),
  );

function toolBenchmark(
  runtime: ReturnType<typeof servedModelRuntime>,
  options: Partial<BenchmarkOptions<{ question: string }, ServedAnswer>> = {},
) {
  return new Benchmark({
    factory: () => new ServedModelTool({ environment: runtime.environment }),
    environment: runtime.environment,
    scorer: sameModel,
    log: runtime.log,
    timers: runtime.time,
    ...options,
  });
}

function submitted(events: RunEvent[], parentId: string) {
  return events.filter((event) => event.type === "job.submitted" && event.parentId === parentId);
}

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
    await runtime.dispatcher.submit(
      new Benchmark({
        factory: () => new ServedModelThinker({ environment: runtime.environment }),
        environment: runtime.environment,
        log: runtime.log,
        timers: runtime.time,
      }),
      { question: "Which model are you?" },
    );
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

  it("attributes a thinker's calls and its children's calls to its row, by lineage", async () => {
    const runtime = servedModelRuntime();
    const benchmark = new Benchmark({
      factory: () => new ServedModelThinker({ environment: runtime.environment }),
      environment: runtime.environment,
      log: runtime.log,
      timers: runtime.time,
    });
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
    const benchmark = new Benchmark({
      factory: () => new ServedModelThinker({ environment: runtime.environment }, "MEDIUM"),
      environment: runtime.environment,
      log: runtime.log,
      timers: runtime.time,
    });
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
    const benchmark = new Benchmark({
      factory: () => new ServedModelThinker({ environment: runtime.environment }),
      environment: runtime.environment,
      log: runtime.log,
      timers: runtime.time,
    });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () => runtime.client.inFlight("tool").length === 1 && runtime.client.inFlight().length === 1,
      "only gamma's child call is in flight",
    );
    runtime.time.advance(700);
    runtime.client.releaseAll();
    await handle;
    const rows = benchmark.report()!.rows;
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
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () =>
        runtime.client.inFlight("tool").length === 1 &&
        runtime.client.inFlight("judge").length === 0 &&
        runtime.client.calls.filter((call) => call.kind === "judge").length === 2,
      "only gamma is still running",
    );
    runtime.time.advance(4_500);
    runtime.client.releaseAll();
    await handle;
    const rows = benchmark.report()!.rows;
    expect(rows.find((row) => row.model === "model-gamma")).toMatchObject({
      wallMs: 4_500,
      latencyMs: 4_500,
    });
    expect(rows.find((row) => row.model === "model-beta")).toMatchObject({
      wallMs: 0,
      latencyMs: 0,
    });
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

  it("an empty grade is a clear error, before anything runs", async () => {
    const runtime = servedModelRuntime(
      ENTRIES.map((entry) => (entry.grade === "MEDIUM" ? { ...entry, open: false } : entry)),
    );
    const handle = runtime.dispatcher.submit(toolBenchmark(runtime), {
      question: "Which model are you?",
    });
    await expect(handle).rejects.toThrow(
      /Invalid value for "grade" \(got "MEDIUM"\): expected a grade with at least one open, callable entry to race/,
    );
    expect(submitted(runtime.events, handle.id)).toHaveLength(0);
    expect(runtime.client.calls).toHaveLength(0);
  });

  it("an explicit candidate listed twice is refused by its position", async () => {
    const runtime = servedModelRuntime();
    const handle = runtime.dispatcher.submit(
      toolBenchmark(runtime, { candidates: ["model-beta", "model-beta"] }),
      { question: "Which model are you?" },
    );
    await expect(handle).rejects.toThrow(
      /Invalid value for "candidates\[1\]" \(got "model-beta"\): expected an entry not listed before \(it is candidates\[0\]/,
    );
    expect(runtime.client.calls).toHaveLength(0);
  });

  it("an explicit candidate outside the catalog is refused by name", async () => {
    const runtime = servedModelRuntime();
    const handle = runtime.dispatcher.submit(
      toolBenchmark(runtime, { candidates: ["model-alpha", "model-omega"] }),
      { question: "Which model are you?" },
    );
    await expect(handle).rejects.toThrow(
      /Invalid value for "candidates\[1\]" \(got "model-omega"\)/,
    );
    expect(runtime.client.calls).toHaveLength(0);
  });

  it("a factory that throws at construction is a clear error; one that throws later is a failed row", async () => {
    const runtime = servedModelRuntime();
    const construct = () =>
      new Benchmark({
        factory: () => {
          throw new SystemError({ code: "no_config", message: "no config" });
        },
        environment: runtime.environment,
      });
    expect(construct).toThrow(
      /the factory threw while making the job to race \(no_config: no config\)/,
    );
    let made = 0;
    const benchmark = toolBenchmark(runtime, {
      factory: () => {
        made += 1;
        if (made === 4)
          throw new SystemError({ code: "no_instances", message: "out of instances" });
        return new ServedModelTool({ environment: runtime.environment });
      },
    });
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const failed = benchmark.report()!.rows.filter((row) => row.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toBe(
      "factory_failed: the factory threw: no_instances: out of instances",
    );
    expect(failed[0]!.calls).toBe(0);
  });

  it("a factory that hands out one instance twice fails those runs rather than sharing the instance", async () => {
    const runtime = servedModelRuntime();
    const shared = new ServedModelTool({ environment: runtime.environment });
    let made = 0;
    const benchmark = toolBenchmark(runtime, {
      factory: () =>
        made++ < 2 ? new ServedModelTool({ environment: runtime.environment }) : shared,
    });
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const failed = benchmark.report()!.rows.filter((row) => row.status === "failed");
    // The first hand-out of `shared` runs (on model-alpha); the repeats fail.
    expect(failed.map((row) => row.model)).toEqual(["model-beta", "model-gamma"]);
    expect(failed[0]!.error).toMatch(/returned an instance it had made before/);
  });

  it("refuses bad options by name", () => {
    const runtime = servedModelRuntime();
    const factory = () => new ServedModelTool({ environment: runtime.environment });
    expect(() => new Benchmark({ factory, environment: runtime.environment, times: 0 })).toThrow(
      /"times" \(got "0"\): expected a whole number of runs per entry, from 1 to 1000/,
    );
    expect(
      () => new Benchmark({ factory, environment: runtime.environment, times: 5_000 }),
    ).toThrow(/"times"/);
    expect(
      () => new Benchmark({ factory, environment: runtime.environment, grade: "HUGE" as never }),
    ).toThrow(/"grade" \(got "HUGE"\)/);
    expect(() => new Benchmark({ factory, environment: runtime.environment, grade: "XL" })).toThrow(
      /"grade" \(got "XL"\): expected no grade, or MEDIUM: job "served_model" declares MEDIUM itself/,
    );
    expect(
      () =>
        new Benchmark({
          factory,
          environment: runtime.environment,
          scorer: { name: "x" } as never,
        }),
    ).toThrow(/"scorer": expected an object with a name and a score/);
    expect(
      () =>
        new Benchmark({ factory, environment: runtime.environment, onProgress: "loud" as never }),
    ).toThrow(/"onProgress": expected a function/);
    expect(
      () => new Benchmark({ factory, environment: runtime.environment, runTimeoutMs: -5 }),
    ).toThrow(/"runTimeoutMs"/);
    expect(
      () => new Benchmark({ factory, environment: runtime.environment, candidates: [] }),
    ).toThrow(/"candidates": expected a non-empty list/);
    expect(
      () =>
        new Benchmark({
          factory: (() => ({ name: "plain" })) as never,
          environment: runtime.environment,
        }),
    ).toThrow(/must make a model-dependent job/);
  });
});

describe("Benchmark edges", () => {
  it("runs the reference unpinned even when the factory pins its instances", async () => {
    const runtime = servedModelRuntime();
    const benchmark = toolBenchmark(runtime, {
      factory: () => new ServedModelTool({ environment: runtime.environment, pin: "model-gamma" }),
    });
    await expect(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    ).resolves.toEqual({ model: "model-alpha" });
    expect(benchmark.report()!.rows.map((row) => row.servedBy[0])).toEqual([
      "model-alpha",
      "model-alpha",
      "model-beta",
      "model-gamma",
    ]);
  });

  it("races a job that declares no grade at the grade it is given", async () => {
    const runtime = servedModelRuntime();
    const gradeless = () =>
      new ServedModelTool({ environment: runtime.environment, grade: undefined });
    expect(() => toolBenchmark(runtime, { factory: gradeless })).toThrow(
      /"grade": expected the grade to race: job "served_model" declares none of its own/,
    );
    const benchmark = toolBenchmark(runtime, { factory: gradeless, grade: "MEDIUM" });
    await expect(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    ).resolves.toEqual({ model: "model-alpha" });
    expect(benchmark.report()!.rows.map((row) => row.status)).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it("stops when cancelled during the reference: no race is submitted, nothing is published or logged", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold("model-alpha");
    const benchmark = toolBenchmark(runtime);
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(() => runtime.client.inFlight().length === 1, "the reference calls its model");
    handle.cancel("the operator stopped it");
    await expect(handle).rejects.toThrow(/the operator stopped it/);
    await until(() => runtime.client.inFlight().length === 0, "the reference's call is aborted");
    for (let turn = 0; turn < 20; turn++)
      await new Promise<void>((resolve) => setImmediate(resolve));
    expect(submitted(runtime.events, handle.id)).toHaveLength(1);
    expect(runtime.events.some((event) => event.type === "job.published")).toBe(false);
    expect(runtime.logged).toHaveLength(0);
  });

  it("stops when cancelled mid-race: no judge is submitted after, nothing is published or logged, no timer is left", async () => {
    const runtime = servedModelRuntime();
    runtime.client.hold("model-gamma");
    const benchmark = toolBenchmark(runtime, { runTimeoutMs: 60_000 });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () => runtime.client.calls.filter((call) => call.kind === "judge" && call.done).length === 2,
      "two runs are judged",
    );
    handle.cancel("the operator stopped it");
    await expect(handle).rejects.toThrow(/the operator stopped it/);
    await until(() => runtime.client.inFlight().length === 0, "gamma's call is aborted");
    for (let turn = 0; turn < 20; turn++)
      await new Promise<void>((resolve) => setImmediate(resolve));
    expect(runtime.client.calls.filter((call) => call.kind === "judge")).toHaveLength(2);
    expect(runtime.events.some((event) => event.type === "job.published")).toBe(false);
    expect(runtime.logged).toHaveLength(0);
    expect(runtime.time.pendingDelays()).toEqual([]);
  });

  it("starts a run's clock at its first seat: a run queued behind an entry's rate limit is not timed out", async () => {
    const limited = ENTRIES.map((entry) =>
      entry.id === "model-beta" ? { ...entry, limits: { requestsPerMinute: 1 } } : entry,
    );
    const runtime = servedModelRuntime(limited);
    const benchmark = toolBenchmark(runtime, { times: 2, runTimeoutMs: 20_000 });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    let done = false;
    void handle.finally(() => (done = true)).catch(() => {});
    // The second run on model-beta waits about a minute for its seat; time moves 5 s at a time.
    for (let step = 0; step < 30 && !done; step++) {
      for (let turn = 0; turn < 20; turn++)
        await new Promise<void>((resolve) => setImmediate(resolve));
      runtime.time.advance(5_000);
    }
    await handle;
    const beta = benchmark.report()!.rows.filter((row) => row.model === "model-beta");
    expect(beta.map((row) => row.status)).toEqual(["ok", "ok"]);
    expect(beta.map((row) => row.wallMs)).toEqual([0, 0]); // queueing is not the run's time
  });

  it("a progress display or log that throws cannot lose the report", async () => {
    const runtime = servedModelRuntime();
    let told = 0;
    const benchmark = toolBenchmark(runtime, {
      onProgress: () => {
        told += 1;
        throw new Error("display broke");
      },
      log: () => {
        throw new Error("terminal gone");
      },
    });
    await expect(
      runtime.dispatcher.submit(benchmark, { question: "Which model are you?" }),
    ).resolves.toEqual({ model: "model-alpha" });
    expect(told).toBe(1); // not told again after it threw
    expect(benchmark.report()!.rows.filter((row) => row.judge?.score === 10)).toHaveLength(3);
  });

  it("a judge that hangs across its attempts fails at the judge timeout, costing only its run's score", async () => {
    const runtime = servedModelRuntime();
    let judges = 0;
    runtime.client.hold((call) => call.kind === "judge" && judges++ === 0);
    const benchmark = toolBenchmark(runtime, { judgeTimeoutMs: 30_000 });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () => runtime.client.calls.filter((call) => call.kind === "judge" && call.done).length === 2,
      "two judges answer",
    );
    runtime.time.advance(30_000);
    await handle;
    const unjudged = benchmark
      .report()!
      .rows.filter((row) => row.role === "candidate" && row.judge === null);
    expect(unjudged).toHaveLength(1);
    expect(unjudged[0]!.judgeNote).toMatch(
      /^the judge failed: .*timeout of 30000 ms|^the judge failed: .*timed out after 30000 ms/,
    );
  });

  it("a scorer that throws, answers out of range or never answers leaves its row unscored, with the reason", async () => {
    const runtime = servedModelRuntime();
    let call = 0;
    const scorer: Scorer<ServedAnswer> = {
      name: "moody",
      score: () => {
        call += 1;
        if (call === 1)
          throw new SystemError({ code: "scorer_down", message: "no comparison today" });
        if (call === 2) return 11;
        return new Promise<number>(() => {});
      },
    };
    const benchmark = toolBenchmark(runtime, { scorer, judgeTimeoutMs: 5_000 });
    const handle = runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(
      () => runtime.client.calls.filter((seen) => seen.kind === "judge" && seen.done).length === 3,
      "every judge answers",
    );
    runtime.time.advance(5_000);
    await handle;
    const notes = benchmark
      .report()!
      .rows.slice(1)
      .map((row) => [row.scorer, row.scorerNote]);
    expect(notes).toEqual([
      [null, 'scorer "moody" failed: scorer_down: no comparison today'],
      [null, 'scorer "moody" answered 11, not a score from 0 to 10'],
      [null, 'scorer "moody" gave no score within 5000 ms'],
    ]);
    expect(
      benchmark
        .report()!
        .rows.slice(1)
        .every((row) => row.judge?.score === 10),
    ).toBe(true);
  });

  it("uses the judge it is given, and a judge that cannot be made costs its run's score", async () => {
    const runtime = servedModelRuntime();
    let made = 0;
    const benchmark = toolBenchmark(runtime, {
      judge: () => {
        made += 1;
        if (made === 2) throw new SystemError({ code: "no_judge", message: "the bench is empty" });
        return new JudgeTool({ environment: runtime.environment });
      },
    });
    await runtime.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const rows = benchmark.report()!.rows.slice(1);
    expect(rows.map((row) => row.judge?.score ?? row.judgeNote)).toEqual([
      10,
      "the judge failed: no_judge: the bench is empty",
      10,
    ]);
    expect(benchmark.report()!.judgeFailure).toBeNull();
  });

  it("covers the extra blind terms it is given", async () => {
    const runtime = servedModelRuntime();
    runtime.client.answer = (call) =>
      call.kind === "tool" ? ScriptedLlmClient.json({ model: "Made by Acme Labs" }) : undefined;
    await runtime.dispatcher.submit(toolBenchmark(runtime, { blindTerms: ["Acme Labs"] }), {
      question: "Which model are you?",
    });
    const judged = runtime.client.calls.filter((call) => call.kind === "judge");
    expect(judged).toHaveLength(3);
    for (const call of judged) expect(call.text).not.toContain("Acme");
  });
});
