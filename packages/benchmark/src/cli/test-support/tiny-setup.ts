// A small benchmark setup for the command's end-to-end test: the package's served-model world
// (a one-call tool whose model answers with its own entry id, three MEDIUM entries and an XL
// judge), returned the way a user's setup module returns its own.
import { SystemError } from "@nucleo/core";
import { ServedModelTool, servedModelWorld, type ServedAnswer } from "../../test-support/served-model-world.js";
import type { BenchmarkSetup } from "../benchmark-setup.js";

/**
 * The setup, and a count of `close` calls the test can read. With `failReference`, the first
 * tool call — the reference's, which runs first and alone — fails for good.
 */
export function tinySetup(closed: { count: number } = { count: 0 }, options: { failReference?: boolean } = {}): BenchmarkSetup<{ question: string }, ServedAnswer> {
  const world = servedModelWorld();
  let referenceCalled = false;
  if (options.failReference) {
    world.client.answer = (call) => {
      if (call.kind !== "tool" || referenceCalled) return undefined;
      referenceCalled = true;
      return new SystemError({ code: "internal", message: "the reference's model is down" });
    };
  }
  return {
    dispatcher: world.dispatcher,
    environment: world.environment,
    factory: () => new ServedModelTool({ environment: world.environment }),
    input: { question: "Which model are you?" },
    scorer: { name: "same_model", score: (candidate, reference) => (candidate.model === reference.model ? 10 : 0) },
    close: () => {
      closed.count += 1;
    },
  };
}
