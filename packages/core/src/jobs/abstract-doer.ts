import { brandPrototype, hasBrand } from "../errors/brand.js";
import { AbstractOrchestrator } from "./abstract-orchestrator.js";
import { DOER } from "./job-symbols.js";

/**
 * A coded orchestration: your code spawns jobs, waits on results, branches and loops. Submit
 * every child through `context.submitInStep` (sequential) or `context.nextStep` +
 * `context.submitInCurrentStep` (parallel), so the trajectory can be rebuilt.
 *
 * @example
 * class Review extends AbstractDoer<{ text: string }, { words: number }> {
 *   readonly name = "review";
 *   readonly input = z.object({ text: z.string() });
 *   readonly output = z.object({ words: z.number() });
 *   async execute(input: { text: string }, context: JobContext) {
 *     return context.submitInStep(new WordCount(), { text: input.text });
 *   }
 * }
 */
export abstract class AbstractDoer<TInput, TOutput> extends AbstractOrchestrator<TInput, TOutput> {
  /** True for any doer, from whichever copy of this package it came. */
  static isDoer(value: unknown): value is AbstractDoer<unknown, unknown> {
    return hasBrand(value, DOER);
  }
}

brandPrototype(AbstractDoer.prototype, DOER);
