import type { AbstractJob, Grade } from "@nucleo/core";

const MODEL_DEPENDENT = Symbol.for("nucleo.tool.model-dependent");

/**
 * Everything that takes a seat at a model: a grade (possibly not yet set: a one-call tool that
 * declares none takes its parent's), an optional pin to one catalog entry (bypassing the
 * picker, never the compliance envelope).
 */
export interface ModelDependent {
  grade(): Grade | undefined;
  setGrade(grade: Grade): void;
  pinModel(entryId: string | undefined): void;
  pinnedModel(): string | undefined;
}

/** Marks an object as {@link ModelDependent} for {@link isModelDependent}: every class implementing the interface calls it in its constructor. */
export function markModelDependent(target: object): void {
  Object.defineProperty(target, MODEL_DEPENDENT, { value: true });
}

/** Whether a job takes a seat at a model (and so has a grade and a pin). */
export function isModelDependent(value: unknown): value is ModelDependent {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MODEL_DEPENDENT] === true;
}

/**
 * A job that takes a seat at a model: a thinker or a one-call tool — what a benchmark races.
 * Pin it to an entry and every model call it makes goes there.
 */
export type ModelDependentTool<TInput, TOutput> = AbstractJob<TInput, TOutput> & ModelDependent;
