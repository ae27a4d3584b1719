import type { Conversation, ToolResultPart, Turn } from "@nucleo/conversation";

/** One tool call of a turn: its arguments as the model sent them and what it got back. */
export interface TranscriptToolCall {
  /** The call's id (the provider's, or one the runtime minted). */
  readonly id: string;
  /** The tool's name, as the model called it. */
  readonly name: string;
  /** The arguments as the model sent them (wire spelling). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The text the model read back; `undefined` when the run ended before the result. */
  readonly result: string | undefined;
  /** Whether the result was a refusal or a failure. */
  readonly isError: boolean;
}

/** One model turn: what it said, the tools it called, and the correction it drew, if any. */
export interface TranscriptTurn {
  /** The turn's number in the run (the step ordinal its call and tools carry). */
  readonly turn: number;
  readonly text: string;
  /** The model's native reasoning, when the provider returned a thinking block. */
  readonly thinking: string;
  readonly toolCalls: readonly TranscriptToolCall[];
  /** What the loop told the model after this turn (a refused answer, no answer yet). */
  readonly correction: string | undefined;
}

/** The whole of one run: the task as the model got it, every turn, and the accepted answer. */
export interface ThinkerTranscript<TAnswer = unknown> {
  /** The thinker's name. */
  readonly thinker: string;
  /** The objective (system content) the run worked under. */
  readonly objective: string;
  /** The user turns that opened the run. */
  readonly prompt: string;
  /** Every model turn of the run, in order. */
  readonly turns: readonly TranscriptTurn[];
  /** Whether the run ended with an accepted answer. */
  readonly answered: boolean;
  /** The accepted answer, when there was one. */
  readonly answer: TAnswer | undefined;
}

/**
 * Where one run's turns are. The run starts at the user turn that opened it (after a durable
 * conversation's earlier exchanges, whatever they ended with); when compaction replaces the oldest turns with a summary,
 * the run's own turns among them are kept here, so the transcript stays the whole run.
 */
export class RunTurns {
  #earlier: Turn[] | undefined;
  #start: number;

  /** `start`: the conversation's turn count just before the run's opening turn was appended. */
  constructor(start: number) {
    this.#start = start;
  }

  /** Compaction replaced `before[0, summarized)` with one summary turn. */
  compacted(before: readonly Turn[], summarized: number): void {
    if (this.#start < summarized) {
      const earlier = (this.#earlier ??= []);
      for (let index = this.#start; index < summarized; index++) earlier.push(before[index]!);
      this.#start = 1;
    } else {
      this.#start = this.#start - summarized + 1;
    }
  }

  /** The run's turns, first to last. */
  of(conversation: Conversation): readonly Turn[] {
    const current = conversation.turns().slice(this.#start);
    return this.#earlier === undefined ? current : [...this.#earlier, ...current];
  }
}

/**
 * Reads a run's transcript off its conversation: the conversation already holds every turn,
 * so a run keeps nothing beside it (but what compaction took away, see {@link RunTurns}).
 */
export function readTranscript<TAnswer>(
  thinker: string,
  conversation: Conversation,
  run: RunTurns,
  accepted: { readonly answer: TAnswer } | undefined,
): ThinkerTranscript<TAnswer> {
  const objective = conversation
    .objective()
    .map(([slot, text]) => (slot === "task" ? text : `## ${slot}\n${text}`))
    .join("\n\n");
  const prompt: string[] = [];
  const read: Array<{
    turn: number;
    text: string;
    thinking: string;
    toolCalls: TranscriptToolCall[];
    correction: string | undefined;
  }> = [];
  for (const turn of run.of(conversation)) {
    const last = read.at(-1);
    if (turn.role === "assistant") {
      read.push({
        turn: read.length + 1,
        text: textOf(turn),
        thinking: thinkingOf(turn),
        toolCalls: callsOf(turn),
        correction: undefined,
      });
    } else if (!last) {
      prompt.push(textOf(turn));
    } else if (turn.parts.some((part) => part.type === "tool_result")) {
      fillResults(last.toolCalls, turn);
    } else {
      last.correction =
        last.correction === undefined ? textOf(turn) : `${last.correction}\n${textOf(turn)}`;
    }
  }
  return {
    thinker,
    objective,
    prompt: prompt.join("\n"),
    turns: read,
    answered: accepted !== undefined,
    answer: accepted?.answer,
  };
}

function textOf(turn: Turn): string {
  return turn.parts
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

function thinkingOf(turn: Turn): string {
  return turn.parts
    .filter((part) => part.type === "thinking")
    .map((part) => part.text)
    .join("\n");
}

function callsOf(turn: Turn): TranscriptToolCall[] {
  return turn.parts.flatMap((part) =>
    part.type === "tool_call"
      ? [
          {
            id: part.id,
            name: part.name,
            arguments: part.arguments,
            result: undefined,
            isError: false,
          },
        ]
      : [],
  );
}

function fillResults(calls: TranscriptToolCall[], turn: Turn): void {
  for (const part of turn.parts) {
    if (part.type !== "tool_result") continue;
    const index = calls.findIndex((call) => call.id === (part as ToolResultPart).callId);
    if (index >= 0) calls[index] = { ...calls[index]!, result: part.text, isError: part.isError };
  }
}
