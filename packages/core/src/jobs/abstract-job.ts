import type { z } from "zod";
import { brandPrototype, hasBrand } from "../errors/brand.js";
import type { JobContext, JobResources } from "./job-context.js";
import { INVOKE, JOB } from "./job-symbols.js";

/**
 * The root of every job: a name, typed input and output (zod schemas, checked by the
 * dispatcher at the door and on the way out), a description, and the read-only flag.
 * Extend {@link AbstractTool} or {@link AbstractDoer}, never this directly.
 */
export abstract class AbstractJob<TInput, TOutput> {
  /** The name a model calls it by, in snake_case (`word_count`). */
  abstract readonly name: string;
  /** The input schema. Define it once at module level and assign it. */
  abstract readonly input: z.ZodType<TInput>;
  /** The output schema. */
  abstract readonly output: z.ZodType<TOutput>;
  /** What the job does, for the model choosing it. */
  readonly description: string = "";
  /**
   * Whether the job only reads. A job that says so is bound by it: the dispatcher seals a
   * read-only scope onto the job itself, whatever its caller allowed, so it and every child it
   * submits run read-only. A thinker bound read-only offers its model only such tools (its
   * read-only sweep and admission check enforce it), and under a read-only scope the dispatcher
   * refuses any job that does not say it is (see `markBindsReadOnly` for the exception).
   */
  readonly readOnly: boolean = false;

  /**
   * What identifies this job's request when a resumed workflow looks for a recorded output to
   * replay (see `WorkflowReplay`), when its input alone does not: a model call's input is
   * empty, its request is its conversation. Default: the checked input.
   */
  replayIdentity?(input: TInput): unknown;

  /**
   * Redoes what running the job did beyond returning its output, from an output an earlier
   * attempt recorded, when the dispatcher replays it instead of running it: a model call
   * appends the recorded answer to its conversation. A job whose run has no such effect on
   * objects its caller keeps needs none.
   */
  restoreReplayed?(input: TInput, output: TOutput): void;

  /** @internal The dispatcher's one way to run a job. */
  abstract [INVOKE](
    input: TInput,
    resources: JobResources,
    context: JobContext,
  ): Promise<TOutput> | TOutput;

  /** True for any job, from whichever copy of this package it came. */
  static isJob(value: unknown): value is AbstractJob<unknown, unknown> {
    return hasBrand(value, JOB);
  }
}

// On the prototype, not per instance: a job is constructed for every call, and a property
// defined on each new object cost more than the rest of its construction.
brandPrototype(AbstractJob.prototype, JOB);
