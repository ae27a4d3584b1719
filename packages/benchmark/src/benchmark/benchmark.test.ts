import { Decimal, SystemError, type LlmCallEvent, type RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import {
  ENTRIES, FULL_MARKS, MODEL_NAMES, ServedModelThinker, ServedModelTool, servedModelWorld, until, type ServedAnswer,
} from "../test-support/served-model-world.js";
import { Benchmark } from "./benchmark.js";
import type { BenchmarkOptions } from "./benchmark-options.js";
import type { Scorer } from "./scorer.js";

const sameModel: Scorer<ServedAnswer> = { name: "same_model", score: (candidate, reference) => (candidate.model === reference.model ? 10 : 0) };
const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value, error: undefined }), (error: Error) => ({ value: undefined, error }));

function toolBenchmark(world: ReturnType<typeof servedModelWorld>, options: Partial<BenchmarkOptions<{ question: string }, ServedAnswer>> = {}) {
  return new Benchmark({ factory: () => new ServedModelTool({ environment: world.environment }), environment: world.environment, scorer: sameModel, log: world.log, timers: world.time, ...options });
}

function submitted(events: RunEvent[], parentId: string) {
  return events.filter((event) => event.type === "job.submitted" && event.parentId === parentId);
}

describe("Benchmark (BenchmarkTest): a job that answers with the model it was served", () => {
  it("runs the reference first and alone, unpinned, before any candidate is submitted", async () => {
    const world = servedModelWorld();
    world.client.hold("model-alpha");
    const benchmark = toolBenchmark(world);
    const handle = world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(() => world.client.calls.length === 1, "the reference calls its model");
    await Promise.resolve();
    expect(submitted(world.events, handle.id)).toHaveLength(1); // the reference, alone
    expect(world.client.inFlight()).toHaveLength(1);
    world.client.releaseAll();
    await handle;
    const children = submitted(world.events, handle.id);
    const referenceEnd = world.events.findIndex((event) => event.type === "job.finished" && event.jobId === children[0]!.jobId);
    const firstCandidate = world.events.indexOf(children[1]!);
    expect(referenceEnd).toBeLessThan(firstCandidate);
    expect(children.map((event) => (event.type === "job.submitted" ? event.ordinal : null))).toEqual([1, 2, 2, 2, 3, 3, 3]);
    // Unpinned: the picker served the grade's first entry.
    expect(benchmark.report()!.rows[0]).toMatchObject({ role: "reference", model: "model-alpha", providerModel: "alpha-chat-2" });
  });

  it("returns the reference's output, pins each candidate to its entry, and scores it against the reference", async () => {
    const world = servedModelWorld();
    const benchmark = toolBenchmark(world);
    await expect(world.dispatcher.submit(benchmark, { question: "Which model are you?" })).resolves.toEqual({ model: "model-alpha" });
    const rows = benchmark.report()!.rows;
    expect(rows.map((row) => [row.run, row.role, row.model, row.status, row.scorer])).toEqual([
      [0, "reference", "model-alpha", "ok", null],
      [1, "candidate", "model-alpha", "ok", 10],
      [2, "candidate", "model-beta", "ok", 0],
      [3, "candidate", "model-gamma", "ok", 0],
    ]);
    const served = world.client.calls.filter((call) => call.kind === "tool").map((call) => call.entryId);
    expect(served).toEqual(["model-alpha", "model-alpha", "model-beta", "model-gamma"]);
    expect(rows.slice(1).every((row) => row.judge?.score === 10)).toBe(true);
    expect(rows[0]!.judge).toBeNull(); // the reference is not judged
  });

  it("submits every candidate run before any lands: the race overlaps", async () => {
    const world = servedModelWorld();
    // Every tool call after the first (the reference's) waits until the test lets it go.
    world.client.hold((call) => call.kind === "tool" && world.client.calls.filter((seen) => seen.kind === "tool").indexOf(call) > 0);
    const handle = world.dispatcher.submit(toolBenchmark(world), { question: "Which model are you?" });
    await until(() => world.client.inFlight("tool").length === 3, "three candidate calls are in flight");
    expect(new Set(world.client.inFlight("tool").map((call) => call.entryId))).toEqual(new Set(["model-alpha", "model-beta", "model-gamma"]));
    world.client.releaseAll();
    await handle;
  });

  it("submits a run's judge the moment the run lands, while other runs are still going", async () => {
    const world = servedModelWorld();
    world.client.hold("model-beta", "model-gamma");
    const handle = world.dispatcher.submit(toolBenchmark(world), { question: "Which model are you?" });
    await until(() => world.client.calls.some((call) => call.kind === "judge"), "a judge is called");
    expect(world.client.inFlight("tool").map((call) => call.entryId).sort()).toEqual(["model-beta", "model-gamma"]);
    world.client.releaseAll();
    await handle;
    expect(world.client.calls.filter((call) => call.kind === "judge")).toHaveLength(3);
  });

  it("keeps the judge blind: no entry id or provider model name reaches a judge's prompt", async () => {
    const world = servedModelWorld();
    await world.dispatcher.submit(new Benchmark({ factory: () => new ServedModelThinker({ environment: world.environment }), environment: world.environment, log: world.log, timers: world.time }), { question: "Which model are you?" });
    const judged = world.client.calls.filter((call) => call.kind === "judge");
    expect(judged).toHaveLength(3);
    for (const call of judged) {
      // The runs' answers and tool results named their models; the judge saw none of it.
      for (const name of MODEL_NAMES) expect(call.text.toLowerCase()).not.toContain(name.toLowerCase());
      expect(call.text).toContain("[model]");
    }
  });

  it("attributes a thinker's calls and its children's calls to its row, by lineage", async () => {
    const world = servedModelWorld();
    const benchmark = new Benchmark({ factory: () => new ServedModelThinker({ environment: world.environment }), environment: world.environment, log: world.log, timers: world.time });
    const handle = world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await expect(handle).resolves.toEqual({ model: "model-alpha" });
    const report = benchmark.report()!;
    const runIds = submitted(world.events, handle.id).slice(0, 4).map((event) => event.jobId);
    const calls = world.events.filter((event): event is LlmCallEvent => event.type === "llm.call");
    report.rows.forEach((row, index) => {
      const mine = calls.filter((call) => call.jobId === runIds[index] || call.ancestors.includes(runIds[index]!));
      expect(mine).toHaveLength(3); // turn 1 (tool call), the tool's own call, turn 2 (answer)
      expect(row.calls).toBe(3);
      expect(row.iterations).toBe(2);
      const total = mine.reduce((sum, call) => sum.plus(Decimal.parse(call.cost)), Decimal.ZERO);
      expect(row.cost).toEqual({ USD: total.toString() });
      expect(row.tokens.input).toBe(mine.reduce((sum, call) => sum + call.usage.inputTokens, 0));
      expect(row.latencyMs).toBe(mine.reduce((sum, call) => sum + call.latencyMs, 0));
    });
    // Pinned thinkers pin their children: each candidate's calls all went to its entry.
    expect(report.rows.slice(1).map((row) => row.model)).toEqual(["model-alpha", "model-beta", "model-gamma"]);
    // Judging is costed apart, on no row.
    expect(report.judging).toMatchObject({ judges: 3, failed: 0, calls: 3 });
    const judgeCost = calls.filter((call) => call.entryId === "judge-xl").reduce((sum, call) => sum.plus(Decimal.parse(call.cost)), Decimal.ZERO);
    expect(report.judging.cost).toEqual({ USD: judgeCost.toString() });
  });

  it("measures each run's wall time and model latency on the dispatcher's clock", async () => {
    const world = servedModelWorld();
    world.client.hold("model-gamma");
    const benchmark = toolBenchmark(world);
    const handle = world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(() => world.client.inFlight("tool").length === 1 && world.client.inFlight("judge").length === 0 && world.client.calls.filter((call) => call.kind === "judge").length === 2, "only gamma is still running");
    world.time.advance(4_500);
    world.client.releaseAll();
    await handle;
    const rows = benchmark.report()!.rows;
    expect(rows.find((row) => row.model === "model-gamma")).toMatchObject({ wallMs: 4_500, latencyMs: 4_500 });
    expect(rows.find((row) => row.model === "model-beta")).toMatchObject({ wallMs: 0, latencyMs: 0 });
  });

  it("publishes the report on the job's metadata under Benchmark.REPORT and logs it as a table", async () => {
    const world = servedModelWorld();
    const benchmark = toolBenchmark(world);
    const handle = world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await handle;
    const published = world.runLog.job(handle.id)!.published[Benchmark.REPORT] as BenchmarkReport;
    expect(published).toEqual(JSON.parse(JSON.stringify(benchmark.report())));
    expect(world.logged).toHaveLength(1);
    for (const entry of ["model-alpha", "model-beta", "model-gamma"]) expect(world.logged[0]).toContain(entry);
  });

  it("with times > 1, runs each entry that many times and gives each model's mean and spread", async () => {
    const world = servedModelWorld();
    let judged = 0;
    world.client.answer = (call) => (call.kind === "judge" ? ScriptedLlmClient.json({ ...FULL_MARKS, accuracy: 3 + (judged++ % 3) }) : undefined);
    const benchmark = toolBenchmark(world, { times: 3 });
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    expect(report.rows).toHaveLength(10);
    expect(report.rows.slice(1).map((row) => `${row.model}#${row.repeat}`)).toEqual([
      "model-alpha#1", "model-alpha#2", "model-alpha#3", "model-beta#1", "model-beta#2", "model-beta#3", "model-gamma#1", "model-gamma#2", "model-gamma#3",
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
    const world = servedModelWorld();
    world.client.answer = (call) => (call.kind === "tool" && call.entryId === "model-beta" ? ScriptedLlmClient.failure("HTTP 500 from the test") : undefined);
    const benchmark = toolBenchmark(world);
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const beta = benchmark.report()!.rows.find((row) => row.model === "model-beta")!;
    expect(beta).toMatchObject({ status: "failed", judge: null, judgeNote: "the run failed", scorer: null });
    expect(beta.error).toMatch(/HTTP 500 from the test/);
    expect(world.client.calls.filter((call) => call.kind === "judge")).toHaveLength(2);
    expect(benchmark.report()!.models.find((model) => model.model === "model-beta")).toMatchObject({ runs: 1, failed: 1, judged: 0 });
  });

  it("a reference that fails fails the benchmark, after the table is logged and with every run unjudged", async () => {
    const world = servedModelWorld();
    let first = true;
    world.client.answer = (call) => (call.kind === "tool" && first ? ((first = false), ScriptedLlmClient.failure("reference down")) : undefined);
    const benchmark = toolBenchmark(world);
    const { error } = await settle(world.dispatcher.submit(benchmark, { question: "Which model are you?" }));
    expect(error?.message).toMatch(/the reference run failed \(.*reference down.*\); every run is left unjudged/);
    expect(world.logged).toHaveLength(1);
    const report = benchmark.report()!;
    expect(report.referenceFailure).toMatch(/reference down/);
    expect(report.rows.slice(1).map((row) => [row.status, row.judge, row.judgeNote, row.scorer])).toEqual([
      ["ok", null, "the reference failed", null], ["ok", null, "the reference failed", null], ["ok", null, "the reference failed", null],
    ]);
    expect(world.client.calls.some((call) => call.kind === "judge")).toBe(false);
  });

  it("a judge that fails costs its own run's score, with the reason on the row; the report names no judge failure", async () => {
    const world = servedModelWorld();
    let judges = 0;
    world.client.answer = (call) => (call.kind === "judge" && judges++ === 0 ? ScriptedLlmClient.failure("judge down") : undefined);
    const benchmark = toolBenchmark(world);
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    const unjudged = report.rows.filter((row) => row.role === "candidate" && row.judge === null);
    expect(unjudged).toHaveLength(1);
    expect(unjudged[0]!.judgeNote).toMatch(/^the judge failed: .*judge down/);
    expect(report.rows.filter((row) => row.judge?.score === 10)).toHaveLength(2);
    expect(report.judgeFailure).toBeNull();
    expect(report.judging).toMatchObject({ judges: 3, failed: 1 });
  });

  it("names a judge failure in the report only when every judge failed", async () => {
    const world = servedModelWorld();
    world.client.answer = (call) => (call.kind === "judge" ? ScriptedLlmClient.failure("judge down") : undefined);
    const benchmark = toolBenchmark(world);
    await expect(world.dispatcher.submit(benchmark, { question: "Which model are you?" })).resolves.toEqual({ model: "model-alpha" });
    expect(benchmark.report()!.judgeFailure).toMatch(/^every judge failed; the first: the judge failed: .*judge down/);
    expect(world.logged[0]).toMatch(/every judge failed/);
  });

  it("a judge answer that fails its schema is corrected, then counted", async () => {
    const world = servedModelWorld();
    let judges = 0;
    world.client.answer = (call) => (call.kind === "judge" && judges++ === 0 ? ScriptedLlmClient.json({ ...FULL_MARKS, accuracy: 9 }) : undefined);
    const benchmark = toolBenchmark(world);
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const report = benchmark.report()!;
    expect(report.rows.slice(1).every((row) => row.judge?.score === 10)).toBe(true);
    expect(report.judging).toMatchObject({ judges: 3, failed: 0, calls: 4 });
  });

  it("a run that hangs is cancelled at the run timeout and becomes a failed row; the benchmark still ends", async () => {
    const world = servedModelWorld();
    const benchmark = toolBenchmark(world, { runTimeoutMs: 60_000 });
    world.client.hold("model-gamma");
    const handle = world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    await until(() => world.client.inFlight("tool").length === 1 && world.client.calls.filter((call) => call.kind === "judge" && call.done).length === 2, "the other runs are judged");
    world.time.advance(60_000);
    await handle;
    const gamma = benchmark.report()!.rows.find((row) => row.model === "model-gamma")!;
    expect(gamma).toMatchObject({ status: "failed", judge: null });
    expect(gamma.error).toMatch(/run timeout of 60000 ms/);
  });

  it("an empty grade is a clear error, before anything runs", async () => {
    const world = servedModelWorld(ENTRIES.map((entry) => (entry.grade === "MEDIUM" ? { ...entry, open: false } : entry)));
    const handle = world.dispatcher.submit(toolBenchmark(world), { question: "Which model are you?" });
    await expect(handle).rejects.toThrow(/Invalid value for "grade" \(got "MEDIUM"\): expected a grade with at least one open, callable entry to race/);
    expect(submitted(world.events, handle.id)).toHaveLength(0);
    expect(world.client.calls).toHaveLength(0);
  });

  it("an explicit candidate outside the catalog is refused by name", async () => {
    const world = servedModelWorld();
    const handle = world.dispatcher.submit(toolBenchmark(world, { candidates: ["model-alpha", "model-omega"] }), { question: "Which model are you?" });
    await expect(handle).rejects.toThrow(/model-omega/);
    expect(world.client.calls).toHaveLength(0);
  });

  it("a factory that throws at construction is a clear error; one that throws later is a failed row", async () => {
    const world = servedModelWorld();
    expect(() => new Benchmark({ factory: () => { throw new Error("no config"); }, environment: world.environment })).toThrow(/the factory threw while making the job to race: no config/);
    let made = 0;
    const benchmark = toolBenchmark(world, {
      factory: () => {
        made += 1;
        if (made === 4) throw new SystemError({ code: "no_instances", message: "out of instances" });
        return new ServedModelTool({ environment: world.environment });
      },
    });
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const failed = benchmark.report()!.rows.filter((row) => row.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toBe("factory_failed: the factory threw: no_instances: out of instances");
    expect(failed[0]!.calls).toBe(0);
  });

  it("a factory that hands out one instance twice fails those runs rather than sharing the instance", async () => {
    const world = servedModelWorld();
    const shared = new ServedModelTool({ environment: world.environment });
    let made = 0;
    const benchmark = toolBenchmark(world, { factory: () => (made++ < 2 ? new ServedModelTool({ environment: world.environment }) : shared) });
    await world.dispatcher.submit(benchmark, { question: "Which model are you?" });
    const failed = benchmark.report()!.rows.filter((row) => row.status === "failed");
    // The first hand-out of `shared` runs (on model-alpha); the repeats fail.
    expect(failed.map((row) => row.model)).toEqual(["model-beta", "model-gamma"]);
    expect(failed[0]!.error).toMatch(/returned an instance it had made before/);
  });

  it("refuses bad options by name", () => {
    const world = servedModelWorld();
    const factory = () => new ServedModelTool({ environment: world.environment });
    expect(() => new Benchmark({ factory, environment: world.environment, times: 0 })).toThrow(/"times" \(got "0"\): expected a whole number of runs per entry/);
    expect(() => new Benchmark({ factory, environment: world.environment, runTimeoutMs: -5 })).toThrow(/"runTimeoutMs"/);
    expect(() => new Benchmark({ factory, environment: world.environment, candidates: [] })).toThrow(/"candidates": expected a non-empty list/);
    expect(() => new Benchmark({ factory: (() => ({ name: "plain" })) as never, environment: world.environment })).toThrow(/must make a model-dependent job/);
  });
});
