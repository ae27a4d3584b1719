import { InvalidInputError } from "@nucleo/core";

/**
 * The one fixed rubric every judged run is scored on: points for accuracy, points for shown
 * work, and what each mis-used tool costs. The verdict's schema, the judge's instructions and
 * `scoreVerdict` all read it, so the three can never disagree.
 *
 * @example
 * RUBRIC.accuracy + RUBRIC.shownWork; // 10, the best score a run can get
 */
export const RUBRIC = Object.freeze({
  /** Points for agreeing with the reference's answer and being right. */
  accuracy: 7,
  /** Points for turns that show the work justifying the answer. */
  shownWork: 3,
  /** The least each mis-used tool costs, taken from the accuracy points. */
  misusePenalty: 3,
});

/**
 * The most accuracy points a run keeps when it mis-used `misused` distinct tools: each costs
 * {@link RUBRIC}'s `misusePenalty`, and the points never go below 0.
 *
 * @throws {InvalidInputError} when `misused` is not a whole number of 0 or more.
 *
 * @example
 * accuracyCap(0); // 7
 * accuracyCap(1); // 4
 * accuracyCap(2); // 1
 * accuracyCap(3); // 0
 */
export function accuracyCap(misused: number): number {
  if (!Number.isInteger(misused) || misused < 0) {
    throw new InvalidInputError({
      parameter: "misused",
      value: String(misused),
      expected: "a count of mis-used tools: a whole number, 0 or more",
    });
  }
  return Math.max(0, RUBRIC.accuracy - RUBRIC.misusePenalty * misused);
}
