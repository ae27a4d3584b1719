import type { z } from "zod";

/**
 * What a zod issue says was expected, built from its structured fields (types, bounds, the
 * schema's allowed values), never from its message: a message may be written by the schema's
 * author and computed from the value the model sent.
 *
 * @internal
 * @example
 * wireExpectation({ code: "invalid_type", expected: "string", path: [], message: "" }, true); // "string (required)"
 */
export function wireExpectation(issue: z.core.$ZodIssue, missing: boolean): string {
  switch (issue.code) {
    case "invalid_type":
      return missing ? `${issue.expected} (required)` : issue.expected;
    case "too_small":
      return bound(issue.origin, issue.exact ? "exactly" : issue.inclusive ? "at least" : "more than", issue.minimum);
    case "too_big":
      return bound(issue.origin, issue.exact ? "exactly" : issue.inclusive ? "at most" : "less than", issue.maximum);
    case "invalid_format":
      return formatRule(issue);
    case "not_multiple_of":
      return `a multiple of ${String(issue.divisor)}`;
    case "invalid_value":
      return issue.values.length === 1 ? literalText(issue.values[0]) : `one of ${issue.values.map(literalText).join(", ")}`;
    case "unrecognized_keys":
      return "no fields other than the schema's";
    case "invalid_union":
      return "a value matching one of the schema's alternatives";
    case "invalid_key":
      return "a key the schema allows";
    case "invalid_element":
      return "elements the schema allows";
    case "custom":
      // A refinement's message may quote the value; only the fact of the check is said.
      return "a value that passes the tool's check";
    default:
      return "a value of the declared type";
  }
}

const SYMBOLS: Readonly<Record<string, string>> = { exactly: "=", "at least": ">=", "more than": ">", "at most": "<=", "less than": "<" };

function bound(origin: string, relation: string, limit: number | bigint): string {
  const amount = String(limit);
  if (origin === "string") return `a string of ${relation} ${amount} characters`;
  if (origin === "array" || origin === "set") return `an array of ${relation} ${amount} items`;
  if (origin === "number" || origin === "int" || origin === "bigint") return `a number ${SYMBOLS[relation] ?? relation} ${amount}`;
  return `${origin} ${SYMBOLS[relation] ?? relation} ${amount}`;
}

function formatRule(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const rule = issue as z.core.$ZodIssueInvalidStringFormat & { prefix?: string; suffix?: string; includes?: string };
  if (rule.format === "regex" && rule.pattern !== undefined) return `a string matching ${rule.pattern}`;
  if (rule.format === "starts_with" && rule.prefix !== undefined) return `a string starting with ${JSON.stringify(rule.prefix)}`;
  if (rule.format === "ends_with" && rule.suffix !== undefined) return `a string ending with ${JSON.stringify(rule.suffix)}`;
  if (rule.format === "includes" && rule.includes !== undefined) return `a string containing ${JSON.stringify(rule.includes)}`;
  return `a valid ${rule.format}`;
}

function literalText(value: unknown): string {
  // bigint literals have no JSON spelling; every other literal is written as JSON would.
  return typeof value === "bigint" ? String(value) : (JSON.stringify(value) ?? String(value));
}
