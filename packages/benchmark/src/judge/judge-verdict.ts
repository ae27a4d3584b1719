import { z } from "zod";
import { RUBRIC } from "./rubric.js";
import { RecordedRun } from "./run-record.js";

/**
 * What the judge is given: the task both runs worked on, stated once, and both runs in full,
 * with every model name already covered. A full `RunRecord` fits `reference` and `candidate`
 * too: its own copy of the task is dropped when the input is checked, so the judge reads it once,
 * and so is any key a turn does not have, such as a raw `thinking` a caller left on it: a
 * turn's reasoning reaches the judge only through its `reasoning` slot, the same for every run.
 */
export const JudgeInput = z.object({
  task: z.string().describe("The task both runs were given, as they got it."),
  reference: RecordedRun.describe(
    "The reference run, the ground truth: every turn (what it said, each tool call with its result, any correction), and the answer.",
  ),
  candidate: RecordedRun.describe("The candidate run to score, laid out the same way."),
});
export type JudgeInput = z.infer<typeof JudgeInput>;

/**
 * The judge's answer, before the rubric's caps are applied in code (see `scoreVerdict`, which
 * also drops a listed tool the candidate never called).
 */
export const JudgeVerdict = z.object({
  misusedTools: z
    .array(z.object({ tool: z.string().min(1), problem: z.string().min(1) }))
    .describe(
      "Every tool the candidate called and mis-used (wrong tool, wrong arguments, a result ignored or misread), once per tool, with what was wrong; empty when none was.",
    ),
  accuracy: z
    .number()
    .int()
    .min(0)
    .max(RUBRIC.accuracy)
    .describe(
      `0-${RUBRIC.accuracy}: how far the candidate's answer agrees with the reference's and is right; each mis-used tool costs at least ${RUBRIC.misusePenalty}.`,
    ),
  shownWork: z
    .number()
    .int()
    .min(0)
    .max(RUBRIC.shownWork)
    .describe(
      `0-${RUBRIC.shownWork}: how well the candidate's turns show the work that justifies its answer.`,
    ),
  reason: z
    .string()
    .min(1)
    .describe("Why these points: name the differences from the reference a reader can check."),
});
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;
