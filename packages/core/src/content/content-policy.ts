import { SystemError } from "../errors/system-error.js";

/** Where a piece of said text comes from, handed to a redaction hook so it can tell them apart. */
export type ContentField =
  | "system"
  | "message"
  | "tool_call"
  | "tool_result"
  | "thinking"
  | "response"
  | "input"
  | "output";

/**
 * What a deployment lets observers keep of what was said (job inputs and outputs, model calls'
 * messages). The recorder and the OpenTelemetry observer both apply it before anything leaves
 * the process.
 */
export interface ContentPolicy {
  /** `full` keeps what was said (after `redact` and the size cap); `metadata` keeps none of it. */
  readonly mode: "full" | "metadata";
  /**
   * Runs on every piece of text before it is kept: each text of a message, each string inside a
   * job's input or output. Returns what to keep instead (mask e-mail addresses, say). A hook
   * that throws or returns something other than a string gets the piece withheld, never kept
   * as it was.
   */
  readonly redact?: (text: string, field: ContentField) => string;
  /**
   * The longest text kept per field, in UTF-16 code units; longer text is cut there and ends in
   * {@link TRUNCATION_MARKER}. A JSON field over the cap is kept as
   * `{"nucleo_truncated": {"length": n, "head": "…"}}`. Default {@link DEFAULT_MAX_FIELD_CHARS}.
   */
  readonly maxFieldChars?: number;
}

/** The per-field cap when a policy sets none: 32 KiB of text. */
export const DEFAULT_MAX_FIELD_CHARS = 32_768;

/** What ends a text cut at the cap; the number is the original length in UTF-16 code units. */
export const TRUNCATION_MARKER = "…[truncated by Nucleo; original length ";

/** What replaces a piece of text the redaction hook failed on. */
export const WITHHELD_TEXT = "[withheld: the redaction hook failed]";

/** The policy that keeps everything (subject to the default cap). */
export const FULL_CONTENT: ContentPolicy = Object.freeze({ mode: "full" });

/** The policy that keeps nothing that was said. */
export const METADATA_ONLY: ContentPolicy = Object.freeze({ mode: "metadata" });

/**
 * Checks a policy given by a user or a config file, so a typo fails at start-up, naming the
 * field, instead of silently recording (or dropping) content. `where` names the option, e.g.
 * `PostgresRecorder options.content`.
 *
 * @throws {SystemError} `invalid_content_policy` naming the field and what it got.
 */
export function checkContentPolicy(given: unknown, where: string): ContentPolicy {
  if (given === undefined) return FULL_CONTENT;
  if (given === "full") return FULL_CONTENT;
  if (given === "metadata") return METADATA_ONLY;
  if (typeof given !== "object" || given === null)
    throw invalid(where, `expected "full", "metadata" or { mode, redact?, maxFieldChars? }`, given);
  const { mode, redact, maxFieldChars } = given as Record<string, unknown>;
  if (mode !== "full" && mode !== "metadata")
    throw invalid(`${where}.mode`, `expected "full" or "metadata"`, mode);
  if (redact !== undefined && typeof redact !== "function")
    throw invalid(`${where}.redact`, "expected a function (text, field) => string", redact);
  if (
    maxFieldChars !== undefined &&
    (typeof maxFieldChars !== "number" || !Number.isInteger(maxFieldChars) || maxFieldChars < 64)
  )
    throw invalid(`${where}.maxFieldChars`, "expected an integer of at least 64", maxFieldChars);
  return Object.freeze({ ...(given as ContentPolicy) });
}

function invalid(field: string, expected: string, got: unknown): SystemError {
  const shown = typeof got === "string" ? JSON.stringify(got) : typeof got;
  return new SystemError({
    code: "invalid_content_policy",
    message: `${field}: ${expected}; got ${shown}.`,
  });
}
