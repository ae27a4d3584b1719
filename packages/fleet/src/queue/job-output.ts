import { errorFields } from "@nucleo/core";
import type { StoredWorkflowError } from "../fleet-error.js";

// A workflow's outcome is stored in the job's `output` column, wrapped so that reading it back
// needs no guessing: `{ output }` for a result (pg-boss would wrap a non-object in `{ value }`),
// `{ error }` for a failure. pg-boss writes failures of its own (a lost heartbeat, a shutdown, a
// handler past its expiry) in other shapes, which `storedError` reads too.

/** JSON escapes `jsonb` refuses: NUL, and (possibly lone) surrogates written as escapes. */
const JSONB_UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * What the server stores when a workflow finished with `output`: `{ output }`, or, when `jsonb`
 * cannot hold the output as it is (model text may carry a NUL or a lone surrogate, which
 * PostgreSQL refuses), its exact JSON text as `{ outputJson }` — an output the database refused
 * would leave the workflow unfinished, retried and paid for again.
 */
export function finishedOutput(
  output: unknown,
): { readonly output: unknown } | { readonly outputJson: string } {
  const json = JSON.stringify(output);
  return json !== undefined && JSONB_UNSAFE_ESCAPE.test(json) ? { outputJson: json } : { output };
}

/** What the server stores when a workflow failed: `{ name, code, message }`, nothing else. */
export function failedOutput(error: unknown): { readonly error: StoredWorkflowError } {
  return { error: storedErrorOf(error) };
}

/** An error reduced to what the queue keeps: its name, code and masked first message line. */
export function storedErrorOf(error: unknown): StoredWorkflowError {
  const fields = errorFields(error);
  return fields.code === undefined
    ? { name: fields.name, message: fields.message }
    : { name: fields.name, code: fields.code, message: fields.message };
}

/** The result a finished workflow's stored output holds. */
export function finishedValue(stored: unknown): unknown {
  if (!isRecord(stored)) return undefined;
  return typeof stored.outputJson === "string" ? JSON.parse(stored.outputJson) : stored.output;
}

/** The error a failed workflow's stored output holds, whoever wrote it. */
export function storedError(stored: unknown): StoredWorkflowError {
  if (isRecord(stored) && isRecord(stored.error)) return errorLike(stored.error);
  // pg-boss: `{ value: "pg-boss shut down while active" }`, `{ value: { message } }`.
  if (isRecord(stored) && "value" in stored) return errorLike(stored.value);
  return errorLike(stored);
}

function errorLike(value: unknown): StoredWorkflowError {
  if (typeof value === "string") return storedErrorOf(new Error(value));
  if (!isRecord(value)) return { name: "Error", message: "no error was recorded" };
  // Rebuilt as an Error so that errorFields masks and clips it (and drops any stack) as usual.
  const copy = new Error(typeof value.message === "string" ? value.message : "no message");
  copy.name = typeof value.name === "string" ? value.name : "Error";
  if (typeof value.code === "string") Object.assign(copy, { code: value.code });
  return storedErrorOf(copy);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
