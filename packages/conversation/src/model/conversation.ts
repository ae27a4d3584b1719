import { createHash } from "node:crypto";
import { RequestCountMemo } from "@nucleo/catalog/internal";
import type { TextPart, ToolCallPart, ToolResultPart } from "./parts.js";
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

const NO_TOOLS: readonly ToolDefinition[] = Object.freeze([]);
const NO_PAIRS: ReadonlyArray<readonly [string, string]> = Object.freeze([]);
const NO_TURNS: readonly Turn[] = Object.freeze([]);

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
  // Replaced, never changed in place, and sized exactly: a request shares the turns it was
  // rendered from while the conversation grows on, and thousands of conversations may be held.
  #objective: ReadonlyArray<readonly [string, string]> = NO_PAIRS;
  #preamble: ReadonlyArray<readonly [string, string]> | undefined;
  #turns: readonly Turn[] = NO_TURNS;
  #tools: readonly ToolDefinition[] = NO_TOOLS;
  #contract: ResponseContract<unknown> | undefined;
  #systemVersion = 0;
  // The renderer's memo of this conversation's system text: a field, not a WeakMap entry, since
  // a WeakMap set on every new conversation cost more than rendering the rest of the request.
  #renderMemo: unknown;
  #countMemo: RequestCountMemo | undefined;
  #cacheKey: string | undefined;

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
    const objective = withPair(this.#objective, slot, text);
    if (objective !== this.#objective) {
      this.#objective = objective;
      this.#systemVersion += 1;
    }
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
    return [
      this.#objective[taskAt]!,
      ...this.#objective.filter((_pair, index) => index !== taskAt),
    ];
  }

  /**
   * The task text when it is all the system content carries (no other slot, no skill): the
   * common case, which renderers share across conversations.
   */
  soleTask(): string | undefined {
    const only =
      this.#objective.length === 1 && this.#preamble === undefined ? this.#objective[0] : undefined;
    return only?.[0] === TASK_SLOT ? only[1] : undefined;
  }

  /** Admits a skill: its text rides the preamble of every later call. Idempotent. */
  admitSkill(name: string, text: string): this {
    const preamble = withPair(this.#preamble ?? NO_PAIRS, name, text);
    if (preamble !== this.#preamble) {
      this.#preamble = preamble;
      this.#systemVersion += 1;
    }
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

  /** @internal What the renderer remembers of this conversation (its shape is the renderer's). */
  get renderMemo(): unknown {
    return this.#renderMemo;
  }

  /** @internal */
  set renderMemo(memo: unknown) {
    this.#renderMemo = memo;
  }

  /**
   * The conversation's prompt-cache key: a hash of its id (which may be a caller's durable id),
   * so turns of one conversation share a provider cache without the id leaving the process.
   */
  get cacheKey(): string {
    return (this.#cacheKey ??= `nucleo-${createHash("sha256").update(this.id).digest("base64url").slice(0, 32)}`);
  }

  /** @internal What token counting remembers of this conversation's last counted request. */
  get countMemo(): RequestCountMemo {
    return (this.#countMemo ??= new RequestCountMemo());
  }

  /** The turns so far. */
  turns(): readonly Turn[] {
    return this.#turns;
  }

  /** Appends a user turn of text or parts. */
  addUser(content: string | readonly Part[]): this {
    return this.#append({
      role: "user",
      parts: typeof content === "string" ? [Parts.text(content)] : content.slice(),
    });
  }

  /**
   * Appends the model's answer: its thinking, its text and its tool calls, in that order. The
   * text part keeps the answer's `textItem` (id and phase) when it has one.
   */
  addAssistant(
    response: Pick<LlmResponse, "content" | "thinking" | "toolCalls" | "textItem">,
  ): this {
    // Built to size: a turn is kept for the conversation's life.
    const { thinking, toolCalls } = response;
    const text = response.content === "" ? 0 : 1;
    const parts: Part[] = new Array(thinking.length + text + toolCalls.length);
    for (let index = 0; index < thinking.length; index++) parts[index] = thinking[index]!;
    if (text) parts[thinking.length] = textPart(response);
    for (let index = 0; index < toolCalls.length; index++)
      parts[thinking.length + text + index] = toolCalls[index]!;
    return this.#append({ role: "assistant", parts });
  }

  /** Appends the results of one model turn's tool calls, batched into one message. */
  addToolResults(results: readonly ToolResultPart[]): this {
    return this.#append({ role: "user", parts: results.slice() });
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
    // A frozen list cannot change under the conversation: kept as it is, so a palette offered
    // again is the very same list (renderers and counters remember it by identity).
    this.#tools = Object.isFrozen(tools) ? tools : Object.freeze([...tools]);
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
    this.#turns = [
      Object.freeze({ role: "user" as const, parts: [Parts.text(summary)] }),
      ...this.#turns.slice(keepFrom),
    ];
  }

  /** The conversation as plain data. */
  snapshot(): ConversationSnapshot {
    return {
      id: this.id,
      temporary: this.temporary,
      seat: this.seat,
      objective: [...this.#objective],
      preamble: this.preamble(),
      turns: [...this.#turns],
      comfortContextTokens: this.comfortContextTokens,
      compactionTrigger: this.compactionTrigger,
    };
  }

  /** Rebuilds a conversation from a snapshot (its tools and contract are set per call). */
  static restore(snapshot: ConversationSnapshot): Conversation {
    const conversation = new Conversation(
      snapshot.id,
      snapshot.seat,
      snapshot.temporary,
      snapshot.comfortContextTokens,
      snapshot.compactionTrigger,
    );
    for (const [slot, text] of snapshot.objective) conversation.putObjective(slot, text);
    for (const [name, text] of snapshot.preamble) conversation.admitSkill(name, text);
    conversation.#turns = snapshot.turns.slice();
    return conversation;
  }

  #append(turn: Turn): this {
    this.#turns = appended(this.#turns, Object.freeze(turn));
    return this;
  }
}

/** `pairs` with `key` set to `text`: a new list when that changes anything, else `pairs` itself. */
function withPair(
  pairs: ReadonlyArray<readonly [string, string]>,
  key: string,
  text: string,
): ReadonlyArray<readonly [string, string]> {
  let index = pairs.length - 1;
  while (index >= 0 && pairs[index]![0] !== key) index--;
  if (index >= 0 && pairs[index]![1] === text) return pairs;
  const pair = [key, text] as const;
  return index >= 0
    ? pairs.map((current, at) => (at === index ? pair : current))
    : appended(pairs, pair);
}

/**
 * `items` with `item` after them, in a new list sized exactly: a spread or a push leaves room
 * for sixteen more, and a conversation's lists are kept for its life (thousands at once).
 */
function appended<T>(items: readonly T[], item: T): readonly T[] {
  let next: T[];
  if (items.length === 0) {
    next = [item];
  } else {
    next = new Array<T>(items.length + 1);
    for (let index = 0; index < items.length; index++) next[index] = items[index]!;
    next[items.length] = item;
  }
  // Not frozen (freezing an array per turn cost more than building it): never changed after
  // this, and handed out read-only; requests and token counts rely on that.
  return next;
}

/** An answer's text as a part, with the message item that carried it when there was one. */
function textPart(response: Pick<LlmResponse, "content" | "textItem">): TextPart {
  const item = response.textItem;
  if (item === undefined) return Parts.text(response.content);
  return item.phase === undefined
    ? { type: "text", text: response.content, itemId: item.id }
    : { type: "text", text: response.content, itemId: item.id, phase: item.phase };
}
