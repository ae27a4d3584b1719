/** The capability ladder, weakest first. */
export const GRADE_LADDER = ["SMALL", "MEDIUM", "LARGE", "XL", "MEGA"] as const;

/** A rung of the capability ladder. */
export type GradeRung = (typeof GRADE_LADDER)[number];

/**
 * The capability floor a seat needs: a rung, or `CEILING` — not a rung, but "the strongest
 * grade this deployment serves", which the picker resolves before any seat is sized.
 */
export type Grade = GradeRung | "CEILING";

const RANK: Record<GradeRung, number> = { SMALL: 0, MEDIUM: 1, LARGE: 2, XL: 3, MEGA: 4 };

/**
 * Helpers over {@link Grade}. There is no default grade: every seat names one.
 *
 * @example
 * Grade.compare("LARGE", "MEDIUM") > 0; // true
 * Grade.max("SMALL", "XL");            // "XL"
 */
export const Grade = {
  SMALL: "SMALL",
  MEDIUM: "MEDIUM",
  LARGE: "LARGE",
  XL: "XL",
  MEGA: "MEGA",
  CEILING: "CEILING",
  /** The rungs, weakest first. */
  ladder: GRADE_LADDER,
  /** Whether a value is one of the grades (a rung or `CEILING`). */
  is(value: unknown): value is Grade {
    return value === "CEILING" || (typeof value === "string" && Object.hasOwn(RANK, value));
  },
  /** Whether a grade is a rung of the ladder (everything but `CEILING`). */
  isRung(value: Grade): value is GradeRung {
    return value !== "CEILING";
  },
  /** Negative, zero or positive as `a` is weaker than, equal to or stronger than `b`. */
  compare(a: GradeRung, b: GradeRung): number {
    return RANK[a] - RANK[b];
  },
  /** The stronger of two rungs. */
  max(a: GradeRung, b: GradeRung): GradeRung {
    return RANK[a] >= RANK[b] ? a : b;
  },
} as const;
