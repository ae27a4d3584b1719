import { z } from "zod";

/** One tool call of a run, as the judge reads it. */
export const RecordedToolCall = z
  .object({
    tool: z.string().describe("The tool's name, as the run called it."),
    arguments: z.unknown().describe("The arguments the run sent."),
    result: z
      .string()
      .nullable()
      .describe("What the tool returned (or refused with); null when the run ended first."),
    failed: z.boolean().describe("Whether the tool refused or failed."),
  })
  .readonly();
export type RecordedToolCall = z.infer<typeof RecordedToolCall>;

/**
 * One model turn of a run, as the judge reads it: its reasoning, what the run wrote, the tools
 * it called, what it was told. Every run's turns have the same slots, whichever kind of model
 * ran them: `reasoning` holds the answer envelope's reasoning of a model without native
 * thinking and the thinking of one with it, and `said` never holds the envelope's JSON (see
 * `recordRun`), so neither the shape nor the credit for shown work gives the family away. A key
 * the schema does not know (a raw `thinking` a caller kept) is dropped when it is checked.
 */
export const RecordedTurn = z
  .object({
    reasoning: z
      .string()
      .describe(
        "The run's reasoning in this turn (its own or its model's native thinking, laid out the same); empty when it gave none.",
      ),
    said: z
      .string()
      .describe(
        "What the run wrote in this turn, its answer aside (the run's answer is given once, below).",
      ),
    toolCalls: z
      .array(RecordedToolCall)
      .readonly()
      .describe("The tools called in this turn, in order, each with its result."),
    correction: z
      .string()
      .nullable()
      .describe("What the run was told after this turn (an answer refused), or null."),
  })
  .readonly();
export type RecordedTurn = z.infer<typeof RecordedTurn>;

// Shared by the two run schemas below: a judge reads the task once, so the runs it compares
// carry only their turns and answers.
const runShape = {
  turns: z
    .array(RecordedTurn)
    .readonly()
    .describe("Every model turn, in order; empty for a one-call job."),
  answer: z.unknown().describe("The run's output, or null when the run failed."),
};

/**
 * One run as the judge compares it: every turn with its tool calls and their results, and the
 * answer — a {@link RunRecord} without its task, which the judge is given once for both runs.
 */
export const RecordedRun = z.object(runShape).readonly();
export type RecordedRun = z.infer<typeof RecordedRun>;

/**
 * One run in full — what a judge compares: the task as the job got it, every turn with its
 * tool calls and their results, and the answer. A one-call tool has no turns: its run is its
 * task and its answer. Built by `recordRun`.
 */
export const RunRecord = z
  .object({
    task: z.string().describe("The task as the job got it."),
    ...runShape,
  })
  .readonly();
export type RunRecord = z.infer<typeof RunRecord>;
