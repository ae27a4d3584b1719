import type { SeatRequest } from "../admission/admission.js";
import type { AttemptInfo, JobContext, JobResources } from "./job-context.js";
import { AbstractJob } from "./abstract-job.js";
import { INVOKE, REQUIREMENTS, TIMEOUT } from "./job-symbols.js";

/**
 * A job that does work itself and may hold resources while it does: model seats (asked for in
 * {@link requirements}, granted before {@link execute}) and a timeout.
 *
 * @example
 * class WordCount extends AbstractTool<{ text: string }, { words: number }> {
 *   readonly name = "word_count";
 *   readonly input = z.object({ text: z.string() });
 *   readonly output = z.object({ words: z.number().int() });
 *   override readonly readOnly = true;
 *   execute(input: { text: string }) {
 *     return { words: input.text.split(/\s+/).filter(Boolean).length };
 *   }
 * }
 */
export abstract class AbstractTool<TInput, TOutput> extends AbstractJob<TInput, TOutput> {
  /**
   * The seats this attempt needs, asked afresh before every attempt (so a retry after a
   * truncation, with `attempt.escalated`, can book the output ceiling). `null` for none.
   */
  requirements(_input: TInput, _attempt: AttemptInfo): readonly SeatRequest[] | null {
    return null;
  }

  /** The longest one attempt may run, in milliseconds; `null` for no limit. */
  timeoutMs(): number | null {
    return null;
  }

  /** The work. Honour `context.signal`; report usage for each seat through `resources`. */
  abstract execute(
    input: TInput,
    resources: JobResources,
    context: JobContext,
  ): Promise<TOutput> | TOutput;

  /** @internal */
  [INVOKE](
    input: TInput,
    resources: JobResources,
    context: JobContext,
  ): Promise<TOutput> | TOutput {
    return this.execute(input, resources, context);
  }

  /** @internal */
  [REQUIREMENTS](input: TInput, attempt: AttemptInfo): readonly SeatRequest[] | null {
    return this.requirements(input, attempt);
  }

  /** @internal */
  [TIMEOUT](): number | null {
    return this.timeoutMs();
  }
}
