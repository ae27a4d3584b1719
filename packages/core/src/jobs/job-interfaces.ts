import type { z } from "zod";
import type { Depth } from "../seat/depth.js";
import type { ThinkerDeclaration } from "../seat/thinker-declaration.js";
import type { JobContext } from "./job-context.js";

/** The public face of any job: typed input and output, invoked by name. */
export interface Tool<TInput, TOutput> {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodType<TInput>;
  readonly output: z.ZodType<TOutput>;
  readonly readOnly: boolean;
}

/** A tool that holds no resources: it coordinates other jobs. */
export interface Orchestrator<TInput, TOutput> extends Tool<TInput, TOutput> {
  execute(input: TInput, context: JobContext): Promise<TOutput> | TOutput;
}

/** An orchestrator whose logic is code. */
export interface Doer<TInput, TOutput> extends Orchestrator<TInput, TOutput> {}

/**
 * An orchestrator whose next step a model decides. Declared here so core's types can name it;
 * the loop lives in `@nucleo/thinkers`.
 */
export interface Thinker<TInput, TOutput> extends Orchestrator<TInput, TOutput> {
  /** Grade and output size, required at construction; no defaults. */
  readonly declaration: ThinkerDeclaration;
  /** The effort this thinker works at (its input's, clamped to its parent's). */
  depth(): Depth;
}
