// Drives a StreamAccumulator for the tests. Not exported from the package.
import type { LlmDelta } from "@nucleo/conversation";
import { StreamAccumulator } from "../response/stream-accumulator.js";

/** Feeds `sequence` to a fresh accumulator: the deltas it yielded, and the accumulator to finish. */
export function run(sequence: readonly unknown[]): {
  deltas: LlmDelta[];
  accumulator: StreamAccumulator;
} {
  const accumulator = new StreamAccumulator();
  const deltas = sequence.flatMap((event) => accumulator.accept(event));
  return { deltas, accumulator };
}

/** What `action` threw, or `undefined` when it returned: lets a test inspect the error's fields. */
export function failureOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
