import type { z } from "zod";

/** A schema failure told by field and expectation, without the offending value. */
export interface DescribedIssue {
  /** `items[2].name`, or `(input)` for the value itself. */
  readonly path: string;
  /** What the schema asked for there. */
  readonly expected: string;
}

/**
 * Turns a zod issue into a field path and an expectation, for errors that name the field.
 * Zod's built-in messages state the expected and received *types*, never the received value,
 * so they are safe to show a model (a custom message is shown as written).
 *
 * @example
 * const result = schema.safeParse(input);
 * if (!result.success) {
 *   const { path, expected } = describeIssue(result.error.issues[0]!);
 *   throw new InvalidInputError({ parameter: path, expected });
 * }
 */
export function describeIssue(
  issue: z.core.$ZodIssue,
  options: DescribeIssueOptions = {},
): DescribedIssue {
  return { path: formatPath(issue.path), expected: expectationOf(issue, options) };
}

/** How much of the input a description may repeat. */
export interface DescribeIssueOptions {
  /**
   * Name unrecognized keys. Right for the operator's own files (a typo in a catalog), never
   * for model output: a model chose those keys. Default false.
   */
  readonly nameUnknownKeys?: boolean;
  /**
   * The input came from a model: a refinement's message is not repeated (it may be computed
   * from the value), only that the value must pass the schema's check. Default false.
   */
  readonly fromModel?: boolean;
}

function expectationOf(issue: z.core.$ZodIssue, options: DescribeIssueOptions): string {
  if (issue.code === "unrecognized_keys") {
    const found = options.nameUnknownKeys
      ? ` (found ${issue.keys.map((key) => JSON.stringify(key)).join(", ")})`
      : "";
    return `no fields other than the schema's${found}`;
  }
  if (issue.code === "invalid_format") {
    const pattern = (issue as { pattern?: string }).pattern;
    return issue.format === "regex" && pattern !== undefined
      ? `a string matching ${pattern}`
      : `a valid ${issue.format}`;
  }
  if (issue.code === "custom" && options.fromModel) return "a value that passes the schema's check";
  return stripLead(issue.message);
}

/** Formats a zod path as `a.b[2].c` (`(input)` for the root). */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(input)";
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}

function stripLead(message: string): string {
  // zod writes "Invalid input: expected string, received number"; the error sentence already
  // says "Invalid value for ...", so keep only what follows.
  const colon = message.indexOf(": ");
  const tail = colon >= 0 && message.startsWith("Invalid") ? message.slice(colon + 2) : message;
  return tail.startsWith("expected ") ? tail.slice("expected ".length) : tail;
}
