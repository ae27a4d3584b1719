// The edges: pins and grades the factory brings, cancellation, rate-limited seats, and a
// display, judge or scorer that misbehaves.
import { SystemError } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { JudgeTool } from "../judge/index.js";
import {
  ENTRIES,
  ServedModelTool,
  servedModelRuntime,
  until,
  type ServedAnswer,
} from "../test-support/served-model-fixtures.js";
import { submitted, toolBenchmark } from "../test-support/tool-benchmark.js";
import type { Scorer } from "./scorer.js";

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
