import type { z } from "zod";
import { ANY_VALUE, declaredType, literalText } from "./declared-type.js";
import { unwrapZod } from "./zod-def.js";

/**
 * What `schema` expects where `issue` was raised, in words taken from the schema (its declared
 * type, enum values, bounds, formats) and the issue's structured fields, never from the
 * issue's message: a message may be written by the schema's author and computed from the value
 * the model sent. `missing` says the field is declared but was not sent.
 *
 * @internal
 * @example
 * wireExpectation(z.number().max(10), tooBigIssue, false); // "a number <= 10"
 * wireExpectation(z.enum(["a", "b"]), invalidValueIssue, true); // 'one of "a", "b" (required)'
 */
export function wireExpectation(
  schema: z.ZodType,
  issue: z.core.$ZodIssue,
  missing: boolean,
): string {
  const declared = declaredType(schema);
  if (missing) return `${declared} (required)`;
  switch (issue.code) {
    case "too_small":
      return bound(schema, issue, issue.minimum, ["at least", "more than"]);
    case "too_big":
      return bound(schema, issue, issue.maximum, ["at most", "less than"]);
    case "not_multiple_of":
      return `${declaredType(unwrapZod(schema))} that is a multiple of ${String(issue.divisor)}`;
    case "invalid_format":
      return formatRule(issue);
    case "unrecognized_keys":
      return "no fields other than the schema's";
    case "custom":
      // A refinement's message may be computed from the value the model sent, so it is never
      // repeated; only the fact of the check is said.
      return `${declared} that passes the schema's check`;
    default:
      return declared === ANY_VALUE ? fromIssue(issue) : declared;
  }
}

/** Where the schema alone cannot name the type (a date, a custom type), the issue's own fields. */
function fromIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return issue.expected;
  if (issue.code === "invalid_value")
    return issue.values.length === 1
      ? literalText(issue.values[0])
      : `one of ${issue.values.map(literalText).join(", ")}`;
  return ANY_VALUE;
}

const SYMBOLS: Readonly<Record<string, string>> = {
  exactly: "=",
  "at least": ">=",
  "more than": ">",
  "at most": "<=",
  "less than": "<",
};

/** A size or range bound in words; the two sides differ only in the words for their edge. */
function bound(
  schema: z.ZodType,
  issue: { readonly origin: string; readonly exact?: boolean; readonly inclusive?: boolean },
  limit: number | bigint,
  [inclusive, exclusive]: readonly [string, string],
): string {
  const { origin } = issue;
  const relation = issue.exact ? "exactly" : issue.inclusive ? inclusive : exclusive;
  const amount = String(limit);
  if (origin === "string") return `a string of ${relation} ${amount} characters`;
  if (origin === "array" || origin === "set") return `an array of ${relation} ${amount} items`;
  const base = declaredType(unwrapZod(schema));
  if (origin === "number" || origin === "int" || origin === "bigint")
    return `${base} ${SYMBOLS[relation] ?? relation} ${amount}`;
  return `${base} (${relation} ${amount})`;
}

function formatRule(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const rule = issue as z.core.$ZodIssueInvalidStringFormat & {
    prefix?: string;
    suffix?: string;
    includes?: string;
  };
  if (rule.format === "regex" && rule.pattern !== undefined)
    return `a string matching ${rule.pattern}`;
  if (rule.format === "starts_with" && rule.prefix !== undefined)
    return `a string starting with ${JSON.stringify(rule.prefix)}`;
  if (rule.format === "ends_with" && rule.suffix !== undefined)
    return `a string ending with ${JSON.stringify(rule.suffix)}`;
  if (rule.format === "includes" && rule.includes !== undefined)
    return `a string containing ${JSON.stringify(rule.includes)}`;
  return `a valid ${rule.format}`;
}
