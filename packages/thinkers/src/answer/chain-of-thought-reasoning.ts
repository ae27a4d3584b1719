import { z } from "zod";
import { REASONING_DESCRIPTION, reasoningField } from "./reasoning-field.js";

/**
 * A structured justification: how the answer was reached and the checkable steps that carry it.
 * Providers accept this shape as an answer field with or without native thinking.
 */
export const ChainOfThoughtReasoning = z
  .object({
    approach: z
      .string()
      .describe(
        "How the answer was reached, in a sentence or two a reader can check: the method used and the sources it relied on.",
      ),
    steps: z
      .array(z.string().describe("One step: a claim and the evidence that supports it."))
      .describe(
        "The steps from the evidence to the answer, in order, each one a reader can verify against the evidence it cites.",
      ),
  })
  .describe(REASONING_DESCRIPTION);

/** A structured justification (see {@link ChainOfThoughtReasoning}). */
export type ChainOfThoughtReasoning = z.infer<typeof ChainOfThoughtReasoning>;

/** The justification a sub-thinker hands back: the same shape as {@link ChainOfThoughtReasoning}. */
export const AnalysisReasoning = ChainOfThoughtReasoning;

/** The justification a sub-thinker hands back. */
export type AnalysisReasoning = ChainOfThoughtReasoning;

let field: typeof ChainOfThoughtReasoning | undefined;

/**
 * A {@link ChainOfThoughtReasoning} answer field marked as reasoning: under a native thinking
 * block the block's text becomes the `approach` and `steps` stays empty. One shared instance,
 * since the field is immutable.
 *
 * @example
 * const Finding = z.object({ reasoning: chainOfThoughtReasoning(), verdict: z.enum(["novel", "anticipated"]) });
 */
export function chainOfThoughtReasoning(): typeof ChainOfThoughtReasoning {
  field ??= reasoningField(ChainOfThoughtReasoning, (text) => ({ approach: text, steps: [] }));
  return field;
}
