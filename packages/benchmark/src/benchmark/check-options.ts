import { Grade, InvalidInputError } from "@nucleo/core";
import type { BenchmarkOptions } from "./benchmark-options.js";

/** Most runs per entry a benchmark takes: past it, a typo costs real money. */
export const MAX_TIMES = 1_000;

/**
 * Refuses a benchmark's options by name before anything is made: a missing factory or
 * environment, a bad `times`, timeout or grade, an empty candidate list, callbacks that are not
 * functions, a scorer without `score`.
 *
 * @internal
 */
export function checkBenchmarkOptions(options: BenchmarkOptions<unknown, unknown>): void {
  if (typeof options?.factory !== "function")
    throw new InvalidInputError({
      parameter: "factory",
      expected: "a function that makes the raced job",
    });
  if (typeof options.environment?.picker?.candidates !== "function")
    throw new InvalidInputError({
      parameter: "environment",
      expected: "an LlmEnvironment (its picker lists the grade's candidates)",
    });
  if (
    options.times !== undefined &&
    !(Number.isSafeInteger(options.times) && options.times >= 1 && options.times <= MAX_TIMES)
  ) {
    throw new InvalidInputError({
      parameter: "times",
      value: String(options.times),
      expected: `a whole number of runs per entry, from 1 to ${MAX_TIMES}`,
    });
  }
  if (options.grade !== undefined && !Grade.is(options.grade))
    throw new InvalidInputError({
      parameter: "grade",
      value: String(options.grade),
      expected: "a grade word: SMALL, MEDIUM, LARGE, XL, MEGA or CEILING",
    });
  for (const key of ["runTimeoutMs", "judgeTimeoutMs"] as const) {
    const value = options[key];
    if (
      value !== undefined &&
      !(typeof value === "number" && Number.isFinite(value) && value > 0)
    ) {
      throw new InvalidInputError({
        parameter: key,
        value: String(value),
        expected: "a positive number of milliseconds",
      });
    }
  }
  if (
    options.candidates !== undefined &&
    (!Array.isArray(options.candidates) || options.candidates.length === 0)
  ) {
    throw new InvalidInputError({
      parameter: "candidates",
      expected: "a non-empty list of entry ids (leave it out to race the whole grade)",
    });
  }
  for (const key of ["judge", "log", "onProgress"] as const) {
    if (options[key] !== undefined && typeof options[key] !== "function")
      throw new InvalidInputError({ parameter: key, expected: "a function" });
  }
  if (
    options.scorer !== undefined &&
    (typeof options.scorer?.score !== "function" || typeof options.scorer.name !== "string")
  ) {
    throw new InvalidInputError({
      parameter: "scorer",
      expected: "an object with a name and a score(candidate, reference) method",
    });
  }
  if (
    options.blindTerms !== undefined &&
    !(
      Array.isArray(options.blindTerms) &&
      options.blindTerms.every((term) => typeof term === "string")
    )
  ) {
    throw new InvalidInputError({ parameter: "blindTerms", expected: "a list of words to cover" });
  }
}
