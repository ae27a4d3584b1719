/** The answer-size rungs, smallest first. */
export const OUTPUT_RUNGS = ["VERDICT", "COMPACT", "STANDARD", "EXTENDED", "MAX"] as const;

/** An answer-size rung. */
export type OutputRung = (typeof OUTPUT_RUNGS)[number];

/** How much answer a seat books per turn: a rung, or a raw token count for a seat no rung fits. */
export type OutputSize = OutputRung | { readonly tokens: number };

/**
 * The framework's token budget per rung, used where a catalog entry declares no
 * `output_budgets` of its own. `MAX` has no number: it is the entry's output ceiling.
 */
export const FRAMEWORK_OUTPUT_BUDGETS: Readonly<Record<Exclude<OutputRung, "MAX">, number>> = {
  VERDICT: 1_024,
  COMPACT: 4_096,
  STANDARD: 16_384,
  EXTENDED: 32_768,
};

/**
 * Helpers over {@link OutputSize}.
 *
 * @example
 * OutputSize.budget("STANDARD", { ceiling: 8_192 });  // 8192: capped at the entry's ceiling
 * OutputSize.budget(OutputSize.tokens(3_000), { ceiling: 64_000 }); // 3000
 */
export const OutputSize = {
  VERDICT: "VERDICT",
  COMPACT: "COMPACT",
  STANDARD: "STANDARD",
  EXTENDED: "EXTENDED",
  MAX: "MAX",
  /** The rungs, smallest first. */
  rungs: OUTPUT_RUNGS,
  /** A raw budget, for the seat whose answer fits no rung. */
  tokens(count: number): OutputSize {
    if (!Number.isInteger(count) || count <= 0) {
      throw new RangeError(
        `OutputSize.tokens(count): count must be a positive integer, got ${count}`,
      );
    }
    return { tokens: count };
  },
  /** Whether a value is an output size (a rung or `{ tokens }` with a positive integer). */
  is(value: unknown): value is OutputSize {
    if (typeof value === "string") return (OUTPUT_RUNGS as readonly string[]).includes(value);
    if (typeof value !== "object" || value === null) return false;
    const tokens = (value as { tokens?: unknown }).tokens;
    return typeof tokens === "number" && Number.isInteger(tokens) && tokens > 0;
  },
  /**
   * The per-turn token budget for a size on one entry: the entry's own budget for the rung
   * when it declares one, else the framework's, always capped at the entry's ceiling.
   */
  budget(
    size: OutputSize,
    entry: {
      readonly ceiling: number;
      readonly outputBudgets?: Partial<Record<OutputRung, number>>;
    },
  ): number {
    if (typeof size === "object") return Math.min(size.tokens, entry.ceiling);
    if (size === "MAX") return entry.ceiling;
    return Math.min(entry.outputBudgets?.[size] ?? FRAMEWORK_OUTPUT_BUDGETS[size], entry.ceiling);
  },
} as const;
