import { parseJsonObject } from "@nucleo/conversation/internal";
import type { ThinkerTranscript, TranscriptTurn } from "@nucleo/thinkers";
import type { RecordedTurn, RunRecord } from "./run-record.js";

/** What a one-call tool was asked: its instructions and its prompt (`askedWith()`'s answer). */
interface AskedWith {
  readonly objective: string;
  readonly prompt: string;
}

/**
 * What a judge reads of one run. A thinker (a job with a `transcript()`) is read from its
 * transcript: the task is its objective and the prompt that opened the run, and every turn is
 * kept with its reasoning, what it said, its tool calls and their results, and any correction.
 *
 * Every thinker turn is laid out the same whichever kind of model ran it, so neither the
 * record's shape nor the credit for shown work depends on the family. A model without native
 * thinking answers with a `{reasoning, answer}` envelope; under a thinking block the envelope
 * is `{answer}` and the reasoning is the thinking. So a turn's text that is such an envelope (a
 * JSON object with an `answer` or a `reasoning` key) is not kept as it was written: `said` holds
 * neither the JSON nor the answer (the record's `answer` has it), only any other key the model
 * added, as JSON; and `reasoning` is the envelope's reasoning when it has one, else the turn's
 * native thinking when the provider returned one, else empty. Other text is `said` as it is.
 *
 * A one-call tool that says what it was asked (`askedWith()`) has its instructions and prompt
 * as the task, no turns, and its output. Any other job is its input (pretty JSON) as the task.
 * `output` is `undefined` for a run that failed; the record's answer is then `null`.
 *
 * @example
 * const handle = dispatcher.submit(thinker, input);
 * const output = await handle.then((value) => value, () => undefined);
 * const record = recordRun(thinker, input, output);
 */
export function recordRun(job: unknown, input: unknown, output: unknown | undefined): RunRecord {
  const answer = output ?? null;
  const transcript = transcriptOf(job);
  if (transcript !== undefined)
    return {
      task: `${transcript.objective}\n\n${transcript.prompt}`,
      turns: transcript.turns.map(recordTurn),
      answer,
    };
  const asked = askedWithOf(job);
  if (asked !== undefined)
    return { task: `${asked.objective}\n\n${asked.prompt}`, turns: [], answer };
  return { task: inputAsTask(input), turns: [], answer };
}

/** The job's transcript, if it is a thinker that has one; duck-typed so any thinker copy works. */
function transcriptOf(job: unknown): ThinkerTranscript | undefined {
  const read = callOptional(job, "transcript") as ThinkerTranscript | undefined;
  return Array.isArray(read?.turns) ? read : undefined;
}

/**
 * What a one-call tool was asked, if it says: without it the judge would compare two answers
 * to a task it was never shown (the tool's instructions live in its code, not its input).
 */
function askedWithOf(job: unknown): AskedWith | undefined {
  const read = callOptional(job, "askedWith") as Partial<AskedWith> | undefined;
  return typeof read?.objective === "string" && typeof read.prompt === "string"
    ? { objective: read.objective, prompt: read.prompt }
    : undefined;
}

/** Calls `job[method]()` when it is a function; `undefined` when it is not, or throws. */
function callOptional(job: unknown, method: string): unknown {
  const member = (job as Record<string, unknown> | null | undefined)?.[method];
  if (typeof member !== "function") return undefined;
  try {
    return member.call(job);
  } catch {
    // A job that never ran has nothing to read yet: the next source (in the end, its input) is used.
    return undefined;
  }
}

function recordTurn(turn: TranscriptTurn): RecordedTurn {
  const envelope = envelopeOf(turn.text);
  // Duck-typed: a transcript from an older thinker may have no thinking at all.
  const thinking = typeof turn.thinking === "string" ? turn.thinking : "";
  return {
    reasoning: envelope?.reasoning ?? thinking,
    said: envelope === undefined ? turn.text : envelope.said,
    toolCalls: turn.toolCalls.map((call) => ({
      tool: call.name,
      arguments: call.arguments,
      result: call.result ?? null,
      failed: call.isError,
    })),
    correction: turn.correction ?? null,
  };
}

/** What a turn's answer envelope holds beside its answer. */
interface Envelope {
  /** The envelope's reasoning; `undefined` when it has none (or only blank text). */
  readonly reasoning: string | undefined;
  /** Any other key the model added, as JSON; empty when there is none. */
  readonly said: string;
}

/** `text` read as an answer envelope, or `undefined` when it is not one. */
function envelopeOf(text: string): Envelope | undefined {
  const parsed = parseJsonObject(text);
  if (
    parsed === undefined ||
    !(Object.hasOwn(parsed, "answer") || Object.hasOwn(parsed, "reasoning"))
  )
    return undefined;
  const rest = Object.entries(parsed).filter(([key]) => key !== "answer" && key !== "reasoning");
  return {
    reasoning: reasoningText(parsed.reasoning),
    said: rest.length === 0 ? "" : JSON.stringify(Object.fromEntries(rest)),
  };
}

/** An envelope's reasoning as text: a string as it is, other JSON as JSON, nothing (null, blank) as `undefined`. */
function reasoningText(reasoning: unknown): string | undefined {
  if (reasoning === undefined || reasoning === null) return undefined;
  const text = typeof reasoning === "string" ? reasoning : JSON.stringify(reasoning);
  return text.trim() === "" ? undefined : text;
}

function inputAsTask(input: unknown): string {
  try {
    // `JSON.stringify(undefined)` is `undefined`: a job without input still has a task.
    return JSON.stringify(input ?? null, null, 2);
  } catch {
    // Not JSON (a BigInt, a cycle): the judge still gets a readable task.
    return String(input);
  }
}
