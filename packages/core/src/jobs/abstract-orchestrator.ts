import { brandPrototype, hasBrand } from "../errors/brand.js";
import { AbstractJob } from "./abstract-job.js";
import { META_ITERATION, type JobContext, type JobResources } from "./job-context.js";
import { INVOKE, ORCHESTRATOR } from "./job-symbols.js";

/**
 * A job that holds nothing: it coordinates other jobs. Its requirements and its timeout are
 * always none — the dispatcher never asks an orchestrator for either, so a subclass that
 * defines `requirements()` or `timeoutMs()` changes nothing. A workflow deadline is the
 * caller's `signal`, which reaches every descendant.
 */
export abstract class AbstractOrchestrator<TInput, TOutput> extends AbstractJob<TInput, TOutput> {
  /** The metadata key of a child's step ordinal. */
  static readonly META_ITERATION = META_ITERATION;

  /** The coordination: submit children through `context`'s doors, await, combine. */
  abstract execute(input: TInput, context: JobContext): Promise<TOutput> | TOutput;

  /** @internal Orchestrators are given no resources. */
  [INVOKE](
    input: TInput,
    _resources: JobResources,
    context: JobContext,
  ): Promise<TOutput> | TOutput {
    return this.execute(input, context);
  }

  /** True for any orchestrator, from whichever copy of this package it came. */
  static isOrchestrator(value: unknown): value is AbstractOrchestrator<unknown, unknown> {
    return hasBrand(value, ORCHESTRATOR);
  }
}

brandPrototype(AbstractOrchestrator.prototype, ORCHESTRATOR);
