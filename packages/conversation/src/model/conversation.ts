import type { ToolCallPart, ToolResultPart } from "./parts.js";
import { Parts, type Part } from "./parts.js";
import type { SeatWords } from "./seat-words.js";
import type { ToolDefinition } from "./tool-definition.js";
import type { Turn } from "./turn.js";
import type { LlmResponse } from "../client/llm-client.js";
import type { ResponseContract } from "../correction/response-contract.js";

/** The slot every objective starts with. */
export const TASK_SLOT = "task";

/** A conversation as plain data, for a durable store. */
export interface ConversationSnapshot {
  readonly id: string;
  readonly temporary: boolean;
  readonly seat: SeatWords;
  readonly objective: ReadonlyArray<readonly [string, string]>;
  readonly preamble: ReadonlyArray<readonly [string, string]>;
  readonly turns: readonly Turn[];
  readonly comfortContextTokens: number;
  readonly compactionTrigger: number;
}

/**
 * One conversation with a model: the objective map (system content in named slots, `task`
 * first), the preamble (admitted skills' text, carried on every later call), the turns, the
 * tools and answer contract of the next call, and the seat words stamped when the
 * `ConversationService` handed it out.
 *
 * Turns are appended, never edited: token counts are cached per turn, so a conversation that
 * grows by one turn is re-priced by counting only that turn.
 */
export class Conversation {
  // Small ordered lists rather than Maps: a conversation holds a handful of slots and skills,
  // and thousands of conversations may be in flight at once.
  readonly #objective: Array<readonly [string, string]> = [];
  #preamble: Array<readonly [string, string]> | undefined;
  #turns: Turn[] = [];
  #tools: readonly ToolDefinition[] = [];
  #contract: ResponseContract<unknown> | undefined;
  #systemVersion = 0;

  /** @internal Built by `ConversationService.obtain`. */
  constructor(
    readonly id: string,
    /** The seat words, stamped at obtain time. */
    public seat: SeatWords,
    /** A temporary conversation is never saved; a durable one outlives its job. */
    readonly temporary: boolean,
    /** Where compaction starts to think about the window (tokens). */
    readonly comfortContextTokens: number,
    /** The fraction of the comfort window at which compaction runs. */
    readonly compactionTrigger: number,
  ) {}

  /** Sets an objective slot (the system content); `task` always renders first. */
  putObjective(slot: string, text: string): this {
    if (setPair(this.#objective, slot, text)) this.#systemVersion += 1;
    return this;
  }

  /** Sets the main objective, the `task` slot. */
  putMainObjective(text: string): this {
    return this.putObjective(TASK_SLOT, text);
  }

  /** The objective slots, `task` first, then in the order they were first set. */
  objective(): ReadonlyArray<readonly [string, string]> {
    const taskAt = this.#objective.findIndex(([slot]) => slot === TASK_SLOT);
    if (taskAt <= 0) return [...this.#objective];
    return [this.#objective[taskAt]!, ...this.#objective.filter((_pair, index) => index !== taskAt)];
  }

  /**
   * The task text when it is all the system content carries (no other slot, no skill): the
   * common case, which renderers share across conversations.
   */
  soleTask(): string | undefined {
    const only = this.#objective.length === 1 && this.#preamble === undefined ? this.#objective[0] : undefined;
    return only?.[0] === TASK_SLOT ? only[1] : undefined;
  }

  /** Admits a skill: its text rides the preamble of every later call. Idempotent. */
  admitSkill(name: string, text: string): this {
    if (setPair((this.#preamble ??= []), name, text)) this.#systemVersion += 1;
    return this;
  }

  /** The admitted skills, in admission order. */
  preamble(): ReadonlyArray<readonly [string, string]> {
    return this.#preamble ? [...this.#preamble] : [];
  }

  /** Changes when the objective or the preamble does: what the rendered system text depends on. */
  get systemVersion(): number {
    return this.#systemVersion;
  }

  /** The turns so far. */
  turns(): readonly Turn[] {
    return this.#turns;
  }

  /** Appends a user turn of text or parts. */
  addUser(content: string | readonly Part[]): this {
    return this.#append({ role: "user", parts: typeof content === "string" ? [Parts.text(content)] : [...content] });
  }

  /** Appends the model's answer: its thinking, its text and its tool calls, in that order. */
  addAssistant(response: Pick<LlmResponse, "content" | "thinking" | "toolCalls">): this {
    const parts: Part[] = [...response.thinking];
    if (response.content !== "") parts.push(Parts.text(response.content));
    parts.push(...response.toolCalls);
    return this.#append({ role: "assistant", parts });
  }

  /** Appends the results of one model turn's tool calls, batched into one message. */
  addToolResults(results: readonly ToolResultPart[]): this {
    return this.#append({ role: "user", parts: [...results] });
  }

  /** Appends a correction: what was wrong with the last answer and what to send instead. */
  addCorrection(text: string): this {
    return this.addUser(text);
  }

  /** The tool calls of the last assistant turn that have no result yet. */
  pendingToolCalls(): readonly ToolCallPart[] {
    const last = this.#turns.at(-1);
    if (last?.role !== "assistant") return [];
    return last.parts.filter((part): part is ToolCallPart => part.type === "tool_call");
  }

  /** Declares the tools the next call offers. */
  setTools(tools: readonly ToolDefinition[]): this {
    this.#tools = [...tools];
    return this;
  }

  /** The tools the next call offers. */
  tools(): readonly ToolDefinition[] {
    return this.#tools;
  }

  /** Declares the JSON answer's contract (or none, for a text answer). */
  expectAnswer<TAnswer>(contract: ResponseContract<TAnswer> | undefined): this {
    this.#contract = contract as ResponseContract<unknown> | undefined;
    return this;
  }

  /** The answer contract of the next call, if any. */
  contract(): ResponseContract<unknown> | undefined {
    return this.#contract;
  }

  /**
   * Replaces turns `[0, keepFrom)` with one summary turn — what compaction does. The
   * objective and the preamble are not turns, so they always survive whole.
   *
   * @internal
   */
  compactBefore(keepFrom: number, summary: string): void {
    this.#turns = [{ role: "user", parts: [Parts.text(summary)] }, ...this.#turns.slice(keepFrom)];
  }

  /** The conversation as plain data. */
  snapshot(): ConversationSnapshot {
    return {
      id: this.id, temporary: this.temporary, seat: this.seat, objective: [...this.#objective], preamble: this.preamble(),
      turns: [...this.#turns], comfortContextTokens: this.comfortContextTokens, compactionTrigger: this.compactionTrigger,
    };
  }

  /** Rebuilds a conversation from a snapshot (its tools and contract are set per call). */
  static restore(snapshot: ConversationSnapshot): Conversation {
    const conversation = new Conversation(snapshot.id, snapshot.seat, snapshot.temporary, snapshot.comfortContextTokens, snapshot.compactionTrigger);
    for (const [slot, text] of snapshot.objective) conversation.putObjective(slot, text);
    for (const [name, text] of snapshot.preamble) conversation.admitSkill(name, text);
    conversation.#turns = [...snapshot.turns];
    return conversation;
  }

  #append(turn: Turn): this {
    this.#turns.push(Object.freeze(turn));
    return this;
  }
}

/** Sets `key` to `text` in an ordered list of pairs; answers whether anything changed. */
function setPair(pairs: Array<readonly [string, string]>, key: string, text: string): boolean {
  const index = pairs.findIndex(([name]) => name === key);
  if (index >= 0 && pairs[index]![1] === text) return false;
  if (index >= 0) pairs[index] = [key, text];
  else pairs.push([key, text]);
  return true;
}
