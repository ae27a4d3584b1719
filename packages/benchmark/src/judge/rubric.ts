/**
 * The one fixed rubric every judged run is scored on: points for accuracy, points for shown
 * work, and what a mis-used tool costs. The verdict's schema, the judge's instructions and
 * {@link scoreVerdict} all read it, so the three can never disagree.
 *
 * @example
 * RUBRIC.accuracy + RUBRIC.shownWork; // 10, the best score a run can get
 */
export const RUBRIC = Object.freeze({
  /** Points for agreeing with the reference's answer and being right. */
  accuracy: 7,
  /** Points for turns that show the work justifying the answer. */
  shownWork: 3,
  /** The least a mis-used tool costs, taken from the accuracy points. */
  misusePenalty: 3,
});

/** The most accuracy points a run that mis-used a tool can keep. */
export const MAX_ACCURACY_WITH_MISUSE = RUBRIC.accuracy - RUBRIC.misusePenalty;
