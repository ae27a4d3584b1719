import { z } from "zod";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { describeIssue } from "../schema/describe-issue.js";
import { Grade } from "./grade.js";
import { OutputSize } from "./output-size.js";

/** The framework's comfort window, used when a declaration names none. */
export const DEFAULT_COMFORT_CONTEXT_TOKENS = 128_000;
/** The framework's compaction trigger (fraction of the comfort window), used when none is named. */
export const DEFAULT_COMPACTION_TRIGGER = 0.92;

/** @internal The rules, as zod holds them: `isSound` answers the same without zod (a test holds the two together). */
export const declarationSchema = z.strictObject({
  grade: z.custom<Grade>(Grade.is, {
    message: `expected one of ${[...Grade.ladder, "CEILING"].join(", ")}`,
  }),
  output: z.custom<OutputSize>(OutputSize.is, {
    message:
      "expected an output rung (VERDICT, COMPACT, STANDARD, EXTENDED, MAX) or { tokens: positive integer }",
  }),
  comfortContextTokens: z.number().int().positive().optional(),
  compactionTrigger: z.number().gt(0).lte(1).optional(),
});

/**
 * What every thinker states about its seat: the grade and the output size, with no defaults,
 * plus optional overrides of the comfort window and compaction trigger. Every thinker base
 * constructor takes one, so a thinker without a grade or an output size does not compile.
 */
export type ThinkerDeclaration = Readonly<z.infer<typeof declarationSchema>>;

/**
 * Builds a {@link ThinkerDeclaration}, checking it at run time too (a declaration read from
 * config is not checked by the compiler). A missing or bad field is refused by name.
 *
 * @example
 * const declaration = ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" });
 */
export const ThinkerDeclaration = {
  of(declaration: ThinkerDeclaration): ThinkerDeclaration {
    // Every thinker is built per run and checks its declaration: the plain checks below answer
    // a sound one without zod; zod is asked only to name what is wrong.
    if (isSound(declaration))
      return Object.isFrozen(declaration) ? declaration : Object.freeze({ ...declaration });
    const parsed = declarationSchema.safeParse(declaration);
    if (!parsed.success) {
      const issue = describeIssue(parsed.error.issues[0]!);
      throw new InvalidInputError({
        parameter: `ThinkerDeclaration.${issue.path}`,
        expected: issue.expected,
      });
    }
    return Object.freeze(parsed.data);
  },
} as const;

const DECLARATION_KEYS: ReadonlySet<string> = new Set(Object.keys(declarationSchema.shape));

/** What the schema accepts, checked by hand (the schema stays the source of the error wording). */
function isSound(value: unknown): value is ThinkerDeclaration {
  if (
    typeof value !== "object" ||
    value === null ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return false;
  const declaration = value as Record<string, unknown>;
  // for-in, not Object.keys: no list is built per thinker (the prototype is Object's: no inherited keys).
  for (const key in declaration) if (!DECLARATION_KEYS.has(key)) return false;
  const { comfortContextTokens, compactionTrigger } = declaration;
  return (
    Grade.is(declaration.grade) &&
    OutputSize.is(declaration.output) &&
    (comfortContextTokens === undefined ||
      (Number.isSafeInteger(comfortContextTokens) && (comfortContextTokens as number) > 0)) &&
    (compactionTrigger === undefined ||
      (typeof compactionTrigger === "number" && compactionTrigger > 0 && compactionTrigger <= 1))
  );
}
