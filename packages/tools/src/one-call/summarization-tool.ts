import type { AbstractJob, JobHandle } from "@nucleo/core";
import {
  responseContract,
  type Summarizer,
  type SummarizeOptions,
  type Turn,
} from "@nucleo/conversation";
import { z } from "zod";
import type { ModelDependentToolOptions } from "../model/abstract-model-dependent-tool.js";
import { AbstractOneCallTool, type OneCallQuestion } from "./abstract-one-call-tool.js";

const SummarizeInput = z.object({
  text: z.string().min(1).describe("What to summarise."),
  focus: z.string().optional().describe("What the summary must keep, if anything in particular."),
});
const Summary = z.object({
  summary: z
    .string()
    .describe("The summary: every decision, fact and open question kept, in fewer words."),
});
const SUMMARIZE: OneCallQuestion<z.infer<typeof Summary>> = {
  depth: "QUICK",
  output: "STANDARD",
  contract: responseContract("summary", Summary),
  instructions:
    "Summarise the text below for a reader who will continue the work: keep every decision, fact, number and open question; drop repetition.",
};

/** How a summarizer submits the tool's jobs (a dispatcher, or a job context's door). */
export type SubmitJob = <TInput, TOutput>(
  job: AbstractJob<TInput, TOutput>,
  input: TInput,
  options?: { signal?: AbortSignal },
) => JobHandle<TOutput>;

/**
 * Summarises text at SMALL grade. It is also the conversation package's `Summarizer`:
 * compaction hands it the turns to condense, and it submits itself as a job, so the call is
 * admitted, priced and recorded like any other.
 */
export class SummarizationTool
  extends AbstractOneCallTool<z.infer<typeof SummarizeInput>, z.infer<typeof Summary>>
  implements Summarizer
{
  readonly name = "summarize";
  override readonly description = "Summarise text, keeping every decision, fact and open question.";
  readonly input = SummarizeInput;
  readonly output = Summary;
  readonly #submit: SubmitJob | undefined;

  constructor(options: Omit<ModelDependentToolOptions, "grade"> & { readonly submit?: SubmitJob }) {
    super({ ...options, grade: "SMALL" }, SUMMARIZE);
    this.#submit = options.submit;
  }

  /** The `Summarizer` side: condenses conversation turns by running a fresh instance as a job. */
  async summarize(turns: readonly Turn[], options: SummarizeOptions): Promise<string> {
    const text = turns
      .map(
        (turn) =>
          `${turn.role}: ${turn.parts
            .map((part) => part.text)
            .filter(Boolean)
            .join("\n")}`,
      )
      .join("\n\n");
    // The compacting seat's pin wins: a summary is upkeep of the pinned conversation itself (the
    // one child with a declared grade that follows its parent's pin; the benchmark README says so).
    const pin = options.pin ?? this.pinnedModel();
    const job = new SummarizationTool({
      environment: this.environment,
      ...(pin === undefined ? {} : { pin }),
    });
    if (options.submit) return (await options.submit(job, { text })).summary;
    if (!this.#submit)
      throw new TypeError(
        "SummarizationTool.summarize: construct it with `submit` (a dispatcher's or a job context's), or compact from a job that passes its own, to use it as a Summarizer",
      );
    const { summary } = await this.#submit(
      job,
      { text },
      options.signal ? { signal: options.signal } : {},
    );
    return summary;
  }
}
