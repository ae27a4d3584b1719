/** The effort ladder, least first. */
export const DEPTH_LADDER = ["IMMEDIATE", "QUICK", "STANDARD", "THOROUGH"] as const;

/**
 * How hard a seat works. The catalog entry turns a depth into reasoning tokens; a child's depth
 * is clamped to its parent's with {@link Depth.min}.
 */
export type Depth = (typeof DEPTH_LADDER)[number];

const RANK: Record<Depth, number> = { IMMEDIATE: 0, QUICK: 1, STANDARD: 2, THOROUGH: 3 };

/**
 * Helpers over {@link Depth}.
 *
 * @example
 * Depth.min("THOROUGH", parentDepth); // a child never works harder than its parent
 */
export const Depth = {
  IMMEDIATE: "IMMEDIATE",
  QUICK: "QUICK",
  STANDARD: "STANDARD",
  THOROUGH: "THOROUGH",
  /** The depths, least effort first. */
  ladder: DEPTH_LADDER,
  /** Whether a value is a depth. */
  is(value: unknown): value is Depth {
    return typeof value === "string" && Object.hasOwn(RANK, value);
  },
  /** Negative, zero or positive as `a` is less, equal or more effort than `b`. */
  compare(a: Depth, b: Depth): number {
    return RANK[a] - RANK[b];
  },
  /** The lesser effort: how a child's requested depth is clamped to its parent's. */
  min(a: Depth, b: Depth): Depth {
    return RANK[a] <= RANK[b] ? a : b;
  },
  /** Whether `depth` is at least `threshold` (e.g. delegation needs STANDARD). */
  atLeast(depth: Depth, threshold: Depth): boolean {
    return RANK[depth] >= RANK[threshold];
  },
} as const;
