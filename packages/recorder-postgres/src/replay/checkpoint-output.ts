import { MalformedField } from "../writer/column-values.js";

/**
 * The key of the wrapper a checkpoint's output is stored in when `jsonb` cannot hold it as it
 * is. A replayed output must be the one the job returned, and `jsonb` refuses NUL characters
 * and lone surrogates (model text may carry them) and has no `undefined` (what a job that
 * returns nothing returns): such an output is stored as its JSON text,
 * `{"nucleo:json": "<JSON text>"}`, or `{"nucleo:json": null}` for `undefined`.
 */
export const CHECKPOINT_TEXT_KEY = "nucleo:json";

/** JSON escapes `jsonb` refuses: NUL, and (possibly lone) surrogates written as escapes. */
const JSONB_UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/i;
/** How an output that looks like a wrapper starts: it is wrapped too, so reading it back is never ambiguous. */
const WRAPPER_START = `{${JSON.stringify(CHECKPOINT_TEXT_KEY)}:`;

/**
 * The JSON text to write into `nucleo_replay_checkpoints.output` for a job's output, exact
 * (see {@link CHECKPOINT_TEXT_KEY}). Throws a `MalformedField` for a value JSON cannot hold
 * (a `bigint`, a cycle, a function).
 *
 * @internal
 */
export function checkpointOutputJson(output: unknown): string {
  if (output === undefined) return JSON.stringify({ [CHECKPOINT_TEXT_KEY]: null });
  let json: string | undefined;
  try {
    json = JSON.stringify(output);
  } catch {
    throw new MalformedField("output", "is not JSON data");
  }
  if (json === undefined) throw new MalformedField("output", "is not JSON data");
  return JSONB_UNSAFE_ESCAPE.test(json) || json.startsWith(WRAPPER_START)
    ? JSON.stringify({ [CHECKPOINT_TEXT_KEY]: json })
    : json;
}

/**
 * The output {@link checkpointOutputJson} wrote, from what the driver read back (`jsonb`
 * arrives parsed): an object whose only key is the wrapper's is unwrapped, anything else is the
 * output itself. `undefined` as the answer is the output `undefined`; a wrapper that holds
 * neither JSON text nor null (a row edited by hand) throws a `SyntaxError`.
 *
 * @internal
 */
export function outputFromCheckpoint(stored: unknown): unknown {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return stored;
  const keys = Object.keys(stored);
  if (keys.length !== 1 || keys[0] !== CHECKPOINT_TEXT_KEY) return stored;
  const text = (stored as Record<string, unknown>)[CHECKPOINT_TEXT_KEY];
  if (text === null) return undefined;
  if (typeof text !== "string") throw new SyntaxError("the wrapper holds no JSON text");
  return JSON.parse(text);
}
