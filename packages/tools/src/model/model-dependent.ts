import type { AbstractJob, Grade } from "@nucleo/core";

const MODEL_DEPENDENT = Symbol.for("nucleo.tool.model-dependent");

/**
 * Everything that takes a seat at a model: a grade (possibly not yet set: a one-call tool that
 * declares none takes its parent's, and `quick_llm_question` reads its own from its input), an
 * optional pin to one catalog entry (bypassing the picker, never the compliance envelope).
 */
export interface ModelDependent {
  grade(): Grade | undefined;
  setGrade(grade: Grade): void;
  pinModel(entryId: string | undefined): void;
  pinnedModel(): string | undefined;
  /**
   * The grade `input` asks for, for a job whose grade is part of its input rather than
   * declared (`quick_llm_question`); `undefined`, or absent, for every other job. A provider
   * reads it before the job runs: a child whose grade is known is never given its parent's
   * grade or pin.
   */
  gradeFromInput?(input: unknown): Grade | undefined;
}

/**
 * Marks objects as {@link ModelDependent} for {@link isModelDependent}: every class implementing
 * the interface marks its prototype once, at module level (`markModelDependent(MyJob.prototype)`),
 * which marks all its instances at no cost each; marking one instance works too.
 */
export function markModelDependent(target: object): void {
  Object.defineProperty(target, MODEL_DEPENDENT, { value: true });
}

/** Whether a job takes a seat at a model (and so has a grade and a pin). */
export function isModelDependent(value: unknown): value is ModelDependent {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[MODEL_DEPENDENT] === true
  );
}

/**
 * A job that takes a seat at a model: a thinker or a one-call tool — what a benchmark races.
 * Pin it to an entry and every model call it makes goes there.
 */
export type ModelDependentTool<TInput, TOutput> = AbstractJob<TInput, TOutput> & ModelDependent;
