import { describeIssue, formatPath } from "@nucleo/core";
import type { z } from "zod";
import type { SetupPlace } from "./setup-problem.js";

/** What a schema checked, for {@link schemaProblem}'s wording. */
export interface CheckedShape {
  /** `the config`, `the setup`. */
  readonly name: string;
  /** The fields it takes, for the message about a field it does not. */
  readonly fields: readonly string[];
}

/**
 * The first problem zod found, told as a place in `file`: the field and what it expected, or
 * for a field the shape does not take, its name and the fields it does (a typo is the usual
 * cause, so the list points at the fix).
 */
export function schemaProblem(error: z.ZodError, file: string, shape: CheckedShape): SetupPlace {
  const issue = error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    return {
      file,
      field: formatPath([...issue.path, issue.keys[0]!]),
      problem: `unknown field (${shape.name} takes ${shape.fields.join(", ")})`,
    };
  }
  const { path, expected } = describeIssue(issue);
  return path === "(input)"
    ? { file, problem: `expected ${expected}` }
    : { file, field: path, problem: `expected ${expected}` };
}
