// What the benchmark refuses, by name, before it races: an empty grade, a bad candidate list,
// a factory that cannot make fresh jobs, and bad options.
import { SystemError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import {
  ENTRIES,
  ServedModelTool,
  servedModelRuntime,
} from "../test-support/served-model-fixtures.js";
import { submitted, toolBenchmark } from "../test-support/tool-benchmark.js";
import { Benchmark } from "./benchmark.js";

describe("Benchmark failure semantics", () => {
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
