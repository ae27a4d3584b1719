import {
  InvalidInputError,
  type AttemptInfo,
  type Grade,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { responseContract, type LlmEnvironment } from "@nucleo/conversation";
import { AbstractModelDependentTool } from "@nucleo/tools";
import { JUDGE_INSTRUCTIONS } from "./judge-instructions.js";
import { JudgeInput, JudgeVerdict } from "./judge-verdict.js";

const VERDICT = responseContract("judge_verdict", JudgeVerdict);

/** How long one judge may take by default: five minutes. */
export const DEFAULT_JUDGE_TIMEOUT_MS = 300_000;

/** What a {@link JudgeTool} is built with. */
export interface JudgeToolOptions {
  /** The deployment whose picker serves the CEILING grade. */
  readonly environment: LlmEnvironment;
  /** The longest one attempt may take (default {@link DEFAULT_JUDGE_TIMEOUT_MS}). */
  readonly timeoutMs?: number;
}

/**
 * Scores one candidate run against the reference run, blind, on the one fixed rubric (see
 * {@link JUDGE_INSTRUCTIONS}), always at the CEILING grade. It sends its input as it gets it:
 * cover every model name first (`Blindfold`), then apply the rubric's caps to its verdict in
 * code (`scoreVerdict`). An answer that breaks the verdict's schema is corrected like any
 * one-call tool's.
 *
 * @example
 * const blindfold = Blindfold.forCatalog(environment.picker.catalog);
 * const input = blindfold.cover({ task: reference.task, reference, candidate });
 * const score = scoreVerdict(await dispatcher.submit(new JudgeTool({ environment }), input));
 */
export class JudgeTool extends AbstractModelDependentTool<JudgeInput, JudgeVerdict> {
  readonly name = "judge_run";
  override readonly description =
    "Score a candidate run against a reference run of the same job, blind, on a fixed 10-point rubric.";
  readonly input = JudgeInput;
  readonly output = JudgeVerdict;
  override readonly readOnly = true;
  readonly #timeoutMs: number;

  constructor(options: JudgeToolOptions) {
    super({ environment: options.environment, grade: "CEILING" });
    const timeoutMs = options.timeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new InvalidInputError({
        parameter: "timeoutMs",
        value: String(timeoutMs),
        expected: "a positive number of milliseconds",
      });
    }
    this.#timeoutMs = timeoutMs;
  }

  /** Kept at CEILING: a judge weaker than the runs it scores could not be trusted. */
  override setGrade(_grade: Grade): void {}

  override timeoutMs(): number {
    return this.#timeoutMs;
  }

  override requirements(input: JudgeInput, attempt: AttemptInfo) {
    // STANDARD, not THOROUGH: the judge checks a run against a given ground truth rather than
    // solving the task, and THOROUGH's reasoning budget would be paid at the dearest grade on
    // every candidate run.
    return this.wireConversation(
      input,
      attempt,
      { depth: "STANDARD", output: "COMPACT", contract: VERDICT },
      JUDGE_INSTRUCTIONS,
    );
  }

  async execute(_input: JudgeInput, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}
