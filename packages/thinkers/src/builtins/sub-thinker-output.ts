import { z } from "zod";
import { AnalysisReasoning, reasoningField } from "../answer/index.js";

/**
 * What a delegate returns: a summary, its reasoning, and refs of the artifacts it produced.
 * Its own module so the `sub_thinker` provider can write it in the wire's spelling without
 * importing the delegate's class (which imports the provider).
 */
export const SubThinkerOutput = z.object({
  summary: z.string().describe("What you found or did, for the agent that delegated to you."),
  reasoning: reasoningField(AnalysisReasoning, (text) => ({ approach: text, steps: [] })),
  artifactRefs: z
    .array(z.string())
    .describe("Refs of the artifacts that carry your results (registered during this task)."),
});
/** A delegate's answer. */
export type SubThinkerOutput = z.infer<typeof SubThinkerOutput>;
