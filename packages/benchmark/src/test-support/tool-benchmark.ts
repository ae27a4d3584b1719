// The benchmark's own tests share these: most race the one-call tool of the fixtures, scored
// by whether a candidate was served the reference's model, and look up the runs it submitted.
import type { RunEvent } from "@nucleo/core";
import { Benchmark } from "../benchmark/benchmark.js";
import type { BenchmarkOptions } from "../benchmark/benchmark-options.js";
import type { Scorer } from "../benchmark/scorer.js";
import {
  ServedModelThinker,
  ServedModelTool,
  type ServedAnswer,
  type servedModelRuntime,
} from "./served-model-fixtures.js";

/** A scorer that gives 10 when a candidate was served the reference's model, and 0 otherwise. */
export const sameModel: Scorer<ServedAnswer> = {
  name: "same_model",
  score: (candidate, reference) => (candidate.model === reference.model ? 10 : 0),
};

/**
 * A {@link Benchmark} that races {@link ServedModelTool} on `runtime`, scored by
 * {@link sameModel}, logging to the runtime's `logged` on its manual time; `options` override.
 */
export function toolBenchmark(
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

/**
 * A {@link Benchmark} that races {@link ServedModelThinker} on `runtime`, judged only, logging to
 * the runtime's `logged` on its manual time; with `childGrade` the thinker's child declares it.
 */
export function thinkerBenchmark(
  runtime: ReturnType<typeof servedModelRuntime>,
  childGrade?: "MEDIUM",
) {
  return new Benchmark({
    factory: () => new ServedModelThinker({ environment: runtime.environment }, childGrade),
    environment: runtime.environment,
    log: runtime.log,
    timers: runtime.time,
  });
}

/** The `job.submitted` events of the jobs submitted under `parentId`, in order. */
export function submitted(events: RunEvent[], parentId: string) {
  return events.filter((event) => event.type === "job.submitted" && event.parentId === parentId);
}
