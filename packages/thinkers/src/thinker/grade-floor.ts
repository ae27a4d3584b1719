import { Grade, InvalidInputError, ThinkerDeclaration } from "@nucleo/core";

/**
 * The declaration with its grade raised to `grade`. An unknown grade is refused, and so is one
 * below the declared grade: the declaration is the floor the work needs, so a caller may ask
 * for a stronger model but never a weaker one.
 *
 * @example
 * raiseGrade(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), "LARGE", "summer");
 */
export function raiseGrade(
  declaration: ThinkerDeclaration,
  grade: Grade,
  thinkerName: string,
): ThinkerDeclaration {
  const declared = declaration.grade;
  if (!Grade.is(grade))
    throw new InvalidInputError({
      parameter: "grade",
      expected: `one of ${[...Grade.ladder, "CEILING"].join(", ")}`,
    });
  const lower =
    declared === "CEILING"
      ? grade !== "CEILING"
      : Grade.isRung(grade) && Grade.compare(grade, declared) < 0;
  if (lower)
    throw new InvalidInputError({
      parameter: "grade",
      expected: `${declared} or stronger (the declared floor of "${thinkerName}")`,
    });
  return ThinkerDeclaration.of({ ...declaration, grade });
}
