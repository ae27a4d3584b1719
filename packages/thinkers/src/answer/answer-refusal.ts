import { formatPath, InvalidInputError } from "@nucleo/core";
import { WireCase } from "@nucleo/tools";
import type { z } from "zod";
import { declaredType } from "./declared-type.js";
import { locateIssue, type DeclaredSpot } from "./declared-spot.js";
import { defOf, unwrap } from "./schema-def.js";

/**
 * The correctable refusal of an answer the decoder rejected. It names the field (`answer.path`)
 * and what the schema declares there, never the value sent: zod's messages quote values in
 * places (an unrecognized key, a custom check), so only the schema speaks, and the decoder's
 * complaint travels on `cause`.
 *
 * @internal
 */
export function answerRefusal(schema: z.ZodType, raw: unknown, error: z.ZodError): InvalidInputError {
  const issue = error.issues[0];
  if (issue === undefined) return new InvalidInputError({ parameter: "answer", expected: declaredType(schema), cause: error });
  const spot = locateIssue(schema, raw, issue.path);
  // Named as the model spells it: snake_case, like the schema it was shown.
  const path = spot.path.map((key) => (typeof key === "string" ? WireCase.toWire(key) : key));
  return new InvalidInputError({ parameter: formatPath(["answer", ...path]), expected: expectation(issue, spot), cause: error });
}

function expectation(issue: z.core.$ZodIssue, spot: DeclaredSpot): string {
  if (!spot.complete) return openEnded(spot.schema);
  const declared = declaredType(spot.schema);
  if (spot.missing) return `${declared} (required)`;
  switch (issue.code) {
    case "too_small":
      return bound(spot.schema, issue.origin, issue.inclusive ? "at least" : "more than", issue.minimum);
    case "too_big":
      return bound(spot.schema, issue.origin, issue.inclusive ? "at most" : "less than", issue.maximum);
    case "not_multiple_of":
      return `${declaredType(unwrap(spot.schema))} that is a multiple of ${String(issue.divisor)}`;
    case "invalid_format":
      return formatRule(issue);
    case "unrecognized_keys":
      return "no fields other than the schema's";
    case "custom":
      // A refinement's message may be computed from the value the model sent, so it is never
      // repeated; a rule worth stating belongs in a guardrail, whose refusal names it.
      return `${declared} that passes the schema's check`;
    default:
      return declared;
  }
}

/** An object whose keys the model chooses: say what each value must be, not which key failed. */
function openEnded(schema: z.ZodType): string {
  const def = defOf(unwrap(schema));
  if (def.type === "record" && def.valueType) return `an object whose values are each ${declaredType(def.valueType)}`;
  const extra = def.catchall === undefined ? undefined : defOf(def.catchall).type;
  if (def.type === "object" && extra !== undefined && extra !== "never" && extra !== "unknown" && extra !== "any") {
    return `an object whose other fields are each ${declaredType(def.catchall!)}`;
  }
  return declaredType(schema);
}

function bound(schema: z.ZodType, origin: string, relation: string, limit: number | bigint): string {
  const base = declaredType(unwrap(schema));
  const amount = String(limit);
  if (origin === "string") return `a string of ${relation} ${amount} characters`;
  if (origin === "array" || origin === "set") return `an array of ${relation} ${amount} items`;
  if (origin === "number" || origin === "bigint") return `${base} ${SYMBOLS[relation] ?? relation} ${amount}`;
  return `${base} (${relation} ${amount})`;
}

const SYMBOLS: Readonly<Record<string, string>> = { "at least": ">=", "more than": ">", "at most": "<=", "less than": "<" };

function formatRule(issue: z.core.$ZodIssueInvalidStringFormat): string {
  const rule = issue as z.core.$ZodIssueInvalidStringFormat & { prefix?: string; suffix?: string; includes?: string };
  if (rule.format === "regex" && rule.pattern !== undefined) return `a string matching ${rule.pattern}`;
  if (rule.format === "starts_with" && rule.prefix !== undefined) return `a string starting with ${JSON.stringify(rule.prefix)}`;
  if (rule.format === "ends_with" && rule.suffix !== undefined) return `a string ending with ${JSON.stringify(rule.suffix)}`;
  if (rule.format === "includes" && rule.includes !== undefined) return `a string containing ${JSON.stringify(rule.includes)}`;
  return `a valid ${rule.format}`;
}
