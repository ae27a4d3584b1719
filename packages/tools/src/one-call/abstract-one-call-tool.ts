import type { AttemptInfo, JobContext, JobResources, SeatRequest } from "@nucleo/core";
import {
  AbstractModelDependentTool,
  type ModelDependentToolOptions,
  type WiredConversation,
} from "../model/abstract-model-dependent-tool.js";

/** The one question a one-call tool asks: its conversation's shape and its instructions. */
export interface OneCallQuestion<TOutput> extends WiredConversation<TOutput> {
  /** The objective the model answers; the input, rendered as the prompt, follows it. */
  readonly instructions: string;
}

/**
 * The package's own one-call tools (`QuickLLMQuestionTool`, `SummarizationTool`,
 * `AnalyzeViolationTool`): read-only, each wiring its input under fixed instructions and
 * answering with one exchange. A subclass states its name, schemas and {@link OneCallQuestion};
 * this class does the wiring in `requirements` and the sending in `execute`. Not exported from
 * the package: users extend `AbstractModelDependentTool`, which keeps its own `execute` abstract.
 */
export abstract class AbstractOneCallTool<TInput, TOutput> extends AbstractModelDependentTool<
  TInput,
  TOutput
> {
  // Asking a model is all these tools do: nothing outside the run changes.
  override readonly readOnly = true;
  readonly #shape: WiredConversation<TOutput>;
  readonly #instructions: string;

  constructor(options: ModelDependentToolOptions, question: OneCallQuestion<TOutput>) {
    super(options);
    const { instructions, ...shape } = question;
    this.#shape = shape;
    this.#instructions = instructions;
  }

  override requirements(input: TInput, attempt: AttemptInfo): SeatRequest[] {
    return this.wireConversation(input, attempt, this.#shape, this.#instructions);
  }

  async execute(_input: TInput, resources: JobResources, context: JobContext): Promise<TOutput> {
    return this.converse(resources, context);
  }
}
