import type { Conversation, ToolResultPart, Turn } from "@nucleo/conversation";

/** One tool call of a turn: its arguments as the model sent them and what it got back. */
export interface TranscriptToolCall {
  /** The call's id (the provider's, or one the runtime minted). */
  readonly id: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The text the model read back; `undefined` when the run ended before the result. */
  readonly result: string | undefined;
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
  readonly thinker: string;
  /** The objective (system content) the run worked under. */
  readonly objective: string;
  /** The user turns that opened the run. */
  readonly prompt: string;
  readonly turns: readonly TranscriptTurn[];
  /** Whether the run ended with an accepted answer. */
  readonly answered: boolean;
  readonly answer: TAnswer | undefined;
}

/**
 * Reads a run's transcript off its conversation, from `firstTurn` on: the conversation already
 * holds every turn, so a run keeps nothing beside it.
 */
export function readTranscript<TAnswer>(thinker: string, conversation: Conversation, firstTurn: number, accepted: { readonly answer: TAnswer } | undefined): ThinkerTranscript<TAnswer> {
  const all = conversation.turns();
  const turns = all.slice(firstTurn);
  const objective = conversation.objective().map(([slot, text]) => (slot === "task" ? text : `## ${slot}\n${text}`)).join("\n\n");
  const prompt = openingTurns(all, firstTurn).map(textOf);
  const read: Array<{ turn: number; text: string; thinking: string; toolCalls: TranscriptToolCall[]; correction: string | undefined }> = [];
  for (const turn of turns) {
    const last = read.at(-1);
    if (turn.role === "assistant") {
      read.push({ turn: read.length + 1, text: textOf(turn), thinking: thinkingOf(turn), toolCalls: callsOf(turn), correction: undefined });
    } else if (!last) {
      prompt.push(textOf(turn));
    } else if (turn.parts.some((part) => part.type === "tool_result")) {
      fillResults(last.toolCalls, turn);
    } else {
      last.correction = last.correction === undefined ? textOf(turn) : `${last.correction}\n${textOf(turn)}`;
    }
  }
  return { thinker, objective, prompt: prompt.join("\n"), turns: read, answered: accepted !== undefined, answer: accepted?.answer };
}

/**
 * The user turns that opened the run: the shape appends them while opening the conversation,
 * so they sit just before `firstTurn` (after a durable conversation's earlier exchanges).
 */
function openingTurns(turns: readonly Turn[], firstTurn: number): Turn[] {
  let start = firstTurn;
  while (start > 0 && turns[start - 1]!.role === "user" && !turns[start - 1]!.parts.some((part) => part.type === "tool_result")) start -= 1;
  return turns.slice(start, firstTurn);
}

function textOf(turn: Turn): string {
  return turn.parts.filter((part) => part.type === "text").map((part) => part.text).join("\n");
}

function thinkingOf(turn: Turn): string {
  return turn.parts.filter((part) => part.type === "thinking").map((part) => part.text).join("\n");
}

function callsOf(turn: Turn): TranscriptToolCall[] {
  return turn.parts.flatMap((part) => (part.type === "tool_call" ? [{ id: part.id, name: part.name, arguments: part.arguments, result: undefined, isError: false }] : []));
}

function fillResults(calls: TranscriptToolCall[], turn: Turn): void {
  for (const part of turn.parts) {
    if (part.type !== "tool_result") continue;
    const index = calls.findIndex((call) => call.id === (part as ToolResultPart).callId);
    if (index >= 0) calls[index] = { ...calls[index]!, result: part.text, isError: part.isError };
  }
}
