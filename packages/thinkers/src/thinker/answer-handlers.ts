import type { z } from "zod";
import { ThinkingResponseHandler } from "../answer/index.js";

// A handler holds nothing of a run (its contracts are per answer schema): one per schema and
// thinker name serves every instance, rather than one built per run.
const HANDLERS = new WeakMap<object, Map<string, ThinkingResponseHandler<unknown>>>();

/** The (shared) answer handler of a thinker class: its output schema, named `<name>_answer`. */
export function answerHandlerFor<TOutput>(
  output: z.ZodType<TOutput>,
  thinkerName: string,
): ThinkingResponseHandler<TOutput> {
  let byName = HANDLERS.get(output);
  if (!byName) {
    byName = new Map();
    HANDLERS.set(output, byName);
  }
  let handler = byName.get(thinkerName);
  if (!handler) {
    handler = new ThinkingResponseHandler(output, {
      name: `${thinkerName}_answer`,
    }) as ThinkingResponseHandler<unknown>;
    // Names are a class's constant; a bound keeps names made up per instance from piling up.
    if (byName.size >= 64) byName.clear();
    byName.set(thinkerName, handler);
  }
  return handler as ThinkingResponseHandler<TOutput>;
}
