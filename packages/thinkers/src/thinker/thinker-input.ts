import { Depth } from "@nucleo/core";
import { z } from "zod";

/** The depth field of every goal-directed thinker's input, as the model reads it. */
export const DepthField = z
  .enum(Depth.ladder)
  .describe(
    "How hard to work: IMMEDIATE, QUICK, STANDARD or THOROUGH. Never raise it beyond the depth you were given.",
  );

/** What every goal-directed thinker's input carries: an optional depth (STANDARD when absent). */
export interface ThinkerInput {
  readonly depth?: Depth | undefined;
}

/**
 * A goal-directed thinker's input schema: `shape` plus the optional `depth` field.
 *
 * @example
 * const ReviewInput = thinkerInput({ publicationNumber: z.string() });
 * type ReviewInput = z.infer<typeof ReviewInput>; // { publicationNumber: string; depth?: Depth }
 */
export function thinkerInput<TShape extends z.ZodRawShape>(shape: TShape) {
  return z.object({ ...shape, depth: DepthField.optional() });
}
