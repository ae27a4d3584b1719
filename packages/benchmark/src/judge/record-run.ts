import type { ThinkerTranscript, TranscriptTurn } from "@nucleo/thinkers";
import type { RecordedTurn, RunRecord } from "./run-record.js";

/**
 * What a judge reads of one run. A thinker (a job with a `transcript()`) is read from its
 * transcript: the task is its objective and the prompt that opened the run, and every turn is
 * kept with its tool calls and their results. Any other job — a one-call tool — is its input as
 * the task, no turns, and its output. `output` is `undefined` for a run that failed; the
 * record's answer is then `null`.
 *
 * @example
 * const handle = dispatcher.submit(thinker, input);
 * const output = await handle.then((value) => value, () => undefined);
 * const record = recordRun(thinker, input, output);
 */
export function recordRun(job: unknown, input: unknown, output: unknown | undefined): RunRecord {
  const answer = output ?? null;
  const transcript = transcriptOf(job);
  if (transcript === undefined) return { task: inputAsTask(input), turns: [], answer };
  return { task: `${transcript.objective}\n\n${transcript.prompt}`, turns: transcript.turns.map(recordTurn), answer };
}

/** The job's transcript, if it is a thinker that has one; duck-typed so any thinker copy works. */
function transcriptOf(job: unknown): ThinkerTranscript | undefined {
  const transcript = (job as { transcript?: unknown } | null | undefined)?.transcript;
  if (typeof transcript !== "function") return undefined;
  try {
    const read = transcript.call(job) as ThinkerTranscript | undefined;
    return Array.isArray(read?.turns) ? read : undefined;
  } catch {
    // A thinker that never ran has no transcript: it is read like a tool, from its input.
    return undefined;
  }
}

function recordTurn(turn: TranscriptTurn): RecordedTurn {
  return {
    said: turn.text,
    thinking: turn.thinking,
    toolCalls: turn.toolCalls.map((call) => ({ tool: call.name, arguments: call.arguments, result: call.result ?? null, failed: call.isError })),
    correction: turn.correction ?? null,
  };
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
