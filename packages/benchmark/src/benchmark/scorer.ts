/**
 * A score in code, where a candidate's output can be compared with the reference's without a
 * model: 0 (nothing alike) to 10 (as good as the reference). It may be async; a scorer that
 * throws or answers outside 0–10 leaves the row unscored, with the reason on it.
 *
 * @example
 * const sameTotal: Scorer<{ total: number }> = {
 *   name: "same_total",
 *   score: (candidate, reference) => (candidate.total === reference.total ? 10 : 0),
 * };
 */
export interface Scorer<TOutput> {
  /** Shown in the report's column header. */
  readonly name: string;
  score(candidate: TOutput, reference: TOutput): number | Promise<number>;
}
