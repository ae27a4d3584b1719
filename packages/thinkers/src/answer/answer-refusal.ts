import { InvalidInputError } from "@nucleo/core";
import { declaredType, describeWireIssue } from "@nucleo/conversation/internal";
import type { z } from "zod";

/**
 * The correctable refusal of an answer the decoder rejected. It names the field (`answer.path`,
 * spelled as the model's JSON Schema showed it) and what the schema declares there, never the
 * value sent: zod's messages quote values in places (an unrecognized key, a custom check), so
 * only the schema speaks (see `describeWireIssue`), and the decoder's complaint travels on
 * `cause`.
 *
 * @internal
 */
export function answerRefusal(
  schema: z.ZodType,
  raw: unknown,
  error: z.ZodError,
): InvalidInputError {
  const issue = error.issues[0];
  if (issue === undefined)
    return new InvalidInputError({
      parameter: "answer",
      expected: declaredType(schema),
      cause: error,
    });
  const { parameter, expected } = describeWireIssue(schema, raw, issue, { root: "answer" });
  return new InvalidInputError({ parameter, expected, cause: error });
}
