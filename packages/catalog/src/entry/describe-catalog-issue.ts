import { describeIssue, formatPath } from "@nucleo/core";
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

// The catalog schema's own messages all start so; zod's start "Invalid ..." or "Too ...".
const OWN_MESSAGE = "expected ";

/** A problem in one catalog entry: the field (absent for the entry itself) and what it expected. */
export interface CatalogIssue {
  readonly field: string | undefined;
  readonly expected: string;
}

/**
 * Tells a schema problem of one catalog entry in the catalog's own words, for a
 * `CatalogError`: zod's default messages ("Too small: expected number to be >0", "Invalid
 * input") never reach the operator. `entry` is the entry as the file holds it; of the value at
 * the issue's path only its kind is told (or the number or boolean itself, or that the field is
 * missing), never text: a value typed into the wrong field may be something private.
 *
 * @internal
 * @example
 * describeCatalogIssue(issue, { id: "a", contextWindow: 0 });
 * // { field: "contextWindow", expected: "a whole number above 0 (got 0)" }
 */
export function describeCatalogIssue(issue: Issue, entry: unknown): CatalogIssue {
  return {
    field: issue.path.length === 0 ? undefined : formatPath(issue.path),
    expected: `${expectationOf(issue)}${foundSuffix(issue, valueAt(entry, issue.path))}`,
  };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function expectationOf(issue: Issue): string {
  if (issue.message.startsWith(OWN_MESSAGE)) return issue.message.slice(OWN_MESSAGE.length);
  switch (issue.code) {
    case "invalid_type":
      return nounOf(issue.expected);
    case "too_small":
      return sizeWords(
        issue.origin,
        "at least",
        "above",
        Number(issue.minimum),
        issue.inclusive !== false,
      );
    case "too_big":
      return sizeWords(
        issue.origin,
        "at most",
        "below",
        Number(issue.maximum),
        issue.inclusive !== false,
      );
    case "invalid_value":
      return issue.values.length === 1
        ? JSON.stringify(issue.values[0])
        : `one of ${issue.values.map((allowed) => JSON.stringify(allowed)).join(", ")}`;
    case "invalid_union":
      return unionNouns(issue) ?? "a value of one of the accepted forms";
    case "invalid_format":
      return formatWords(issue.format, (issue as { pattern?: string }).pattern);
    case "not_multiple_of":
      return `a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      // A catalog is the operator's own file: naming the unknown key points at the typo.
      return describeIssue(issue, { nameUnknownKeys: true }).expected;
    case "invalid_key":
      return "only known keys";
    case "invalid_element":
      return "only valid values";
    default:
      return issue.message;
  }
}

/** What was found, for the issues where it helps: the kind of value, or the number itself. */
function foundSuffix(issue: Issue, value: unknown): string {
  const tellsKind =
    issue.code === "invalid_type" ||
    issue.code === "invalid_union" ||
    issue.code === "invalid_value";
  const tellsNumber =
    (issue.code === "too_small" || issue.code === "too_big" || issue.code === "not_multiple_of") &&
    typeof value === "number";
  if (!tellsKind && !tellsNumber) return "";
  if (value === undefined) return " (the field is missing)";
  return ` (got ${kindOf(value)})`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "number":
    case "boolean":
      return String(value);
    case "string":
      return value === "" ? "empty text" : "text";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function nounOf(expected: string): string {
  switch (expected) {
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "string":
      return "text";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
      return "an object";
    default:
      return `a value of type ${expected}`;
  }
}

function sizeWords(
  origin: string,
  inclusiveWord: string,
  exclusiveWord: string,
  bound: number,
  inclusive: boolean,
): string {
  const comparison = inclusive ? `${inclusiveWord} ${bound}` : `${exclusiveWord} ${bound}`;
  switch (origin) {
    case "number":
    case "int":
      return `a number ${inclusive ? "of " : ""}${comparison}`;
    case "string":
      return inclusive && inclusiveWord === "at least" && bound === 1
        ? "non-empty text"
        : `text of ${comparison} characters`;
    case "array":
    case "set":
      return inclusive && inclusiveWord === "at least" && bound === 1
        ? "at least one item"
        : `${comparison} items`;
    default:
      return `a size ${comparison}`;
  }
}

/** "text or a number" when every branch of a union failed on the value's type alone. */
function unionNouns(issue: Extract<Issue, { code: "invalid_union" }>): string | undefined {
  const branches = (issue as { errors?: readonly (readonly Issue[])[] }).errors ?? [];
  const nouns: string[] = [];
  for (const branch of branches) {
    const first = branch[0];
    if (branch.length !== 1 || first?.code !== "invalid_type" || first.path.length > 0)
      return undefined;
    nouns.push(nounOf(first.expected));
  }
  return nouns.length === 0 ? undefined : nouns.join(" or ");
}

function formatWords(format: string, pattern: string | undefined): string {
  switch (format) {
    case "regex":
      return pattern === undefined ? "text in the expected form" : `text matching ${pattern}`;
    case "date":
      return "a date like 2025-08-07";
    case "url":
      return "a URL";
    default:
      return `a valid ${format}`;
  }
}
