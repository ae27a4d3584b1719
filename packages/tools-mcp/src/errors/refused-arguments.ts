import { InvalidInputError } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";
import { scrub } from "./redact-secrets.js";
import { serverText } from "./server-text.js";

/** A server's refusal of a call's arguments: which tool, what the server said, the schema it declared. */
export interface RefusedArguments {
  /** The tool's name as the model calls it. */
  readonly toolName: string;
  /** The server's error text (the first text part of an error result, or a JSON-RPC message). */
  readonly text: string | undefined;
  readonly inputSchema: JsonSchema;
  /** The transport's secret values, scrubbed from the server's text before it is quoted. */
  readonly secrets: readonly string[];
  readonly cause?: unknown;
}

/**
 * The correctable outcome for arguments a server refused. It names the field when the server's
 * text points at exactly one of the schema's properties (the TypeScript SDK ends each issue
 * with ` at <path>`), else `arguments`; the server's own words, cut short, say what to change.
 */
export function refusedArguments(refusal: RefusedArguments): InvalidInputError {
  // Scrubbed before it is cut short, so no part of a secret survives the cut.
  const text = refusal.text === undefined ? undefined : scrub(refusal.text, refusal.secrets);
  const said = text === undefined ? undefined : serverText(text);
  const parameter = text === undefined ? undefined : pointedField(text, refusal.inputSchema);
  const what = parameter === undefined ? "arguments" : "a value";
  const expected =
    said === undefined || said === ""
      ? `${what} the ${refusal.toolName} tool accepts (the server gave no reason)`
      : `${what} the ${refusal.toolName} tool accepts (the server said: "${said}")`;
  return new InvalidInputError({
    parameter: parameter ?? "arguments",
    expected,
    cause: refusal.cause,
  });
}

function pointedField(text: string, schema: JsonSchema): string | undefined {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return undefined;
  const paths = new Set(
    [...text.matchAll(/ at ([\w$-]+(?:[.[][\w$-]+\]?)*)\s*$/gm)].map((match) => match[1]!),
  );
  if (paths.size !== 1) return undefined;
  const path = [...paths][0]!;
  const head = path.split(/[.[]/)[0]!;
  return Object.hasOwn(properties, head) ? path : undefined;
}
