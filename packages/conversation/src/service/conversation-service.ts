import {
  DEFAULT_COMFORT_CONTEXT_TOKENS,
  DEFAULT_COMPACTION_TRIGGER,
  Depth,
  Grade,
  InvalidInputError,
  OutputSize,
} from "@nucleo/core";
import { compactIfNeeded, type CompactionResult } from "../compaction/compact.js";
import type { SubmitChild, Summarizer } from "../compaction/summarizer.js";
import type { LlmEnvironment } from "../call/llm-environment.js";
import { Conversation } from "../model/conversation.js";
import type { SeatWords } from "../model/seat-words.js";
import { InMemoryConversationStore, type ConversationStore } from "./conversation-store.js";

/** What `obtain` is asked for. */
export interface ObtainOptions {
  /** The seat's three words, stamped onto the conversation. */
  readonly seat: SeatWords;
  /** A durable conversation's id: loaded when stored, created otherwise. Omit for a temporary one. */
  readonly durableId?: string;
  /** The comfort window; default 128K. */
  readonly comfortContextTokens?: number;
  /** The share of the comfort window at which compaction runs; default 0.92. */
  readonly compactionTrigger?: number;
}

/**
 * Hands out conversations with their seat words stamped, keeps durable ones in a store, and
 * compacts a conversation that has passed its comfort window.
 *
 * @example
 * const service = new ConversationService({ environment, summarizer });
 * const conversation = await service.obtain({ seat: { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } });
 */
export class ConversationService {
  readonly #store: ConversationStore;
  readonly #environment: LlmEnvironment | undefined;
  readonly #summarizer: Summarizer | undefined;

  constructor(
    options: {
      readonly store?: ConversationStore;
      readonly environment?: LlmEnvironment;
      readonly summarizer?: Summarizer;
    } = {},
  ) {
    this.#store = options.store ?? new InMemoryConversationStore();
    this.#environment = options.environment;
    this.#summarizer = options.summarizer;
  }

  /** Whether this service can compact: it was given an environment and a summarizer. */
  get canCompact(): boolean {
    return this.#environment !== undefined && this.#summarizer !== undefined;
  }

  /** A conversation with the seat words stamped; a durable one resumes from the store. */
  async obtain(options: ObtainOptions): Promise<Conversation> {
    const seat = checkSeat(options.seat);
    if (options.durableId !== undefined) {
      const stored = await this.#store.load(options.durableId);
      if (stored) {
        const resumed = Conversation.restore(stored);
        resumed.seat = seat;
        return resumed;
      }
    }
    return new Conversation(
      options.durableId ?? crypto.randomUUID(),
      seat,
      options.durableId === undefined,
      options.comfortContextTokens ?? DEFAULT_COMFORT_CONTEXT_TOKENS,
      options.compactionTrigger ?? DEFAULT_COMPACTION_TRIGGER,
    );
  }

  /** Saves a durable conversation; a temporary one is never stored. */
  async save(conversation: Conversation): Promise<void> {
    if (!conversation.temporary) await this.#store.save(conversation.snapshot());
  }

  /**
   * Compacts `conversation` through the summarizer when it has passed its comfort window times
   * its trigger, counting with the entry its seat binds to (or `pin`).
   */
  async compactIfNeeded(
    conversation: Conversation,
    options: {
      readonly pin?: string;
      readonly signal?: AbortSignal;
      readonly submit?: SubmitChild;
    } = {},
  ): Promise<CompactionResult> {
    if (!this.#environment || !this.#summarizer) {
      throw new InvalidInputError({
        parameter: "ConversationService",
        expected: "an environment and a summarizer to compact with",
      });
    }
    const binding = this.#environment.picker.bind({
      ...conversation.seat,
      ...(options.pin === undefined ? {} : { pin: options.pin }),
    });
    return compactIfNeeded(conversation, {
      summarizer: this.#summarizer,
      tokens: this.#environment.tokens,
      entry: binding.entry,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.submit ? { submit: options.submit } : {}),
      ...(options.pin === undefined ? {} : { pin: options.pin }),
    });
  }
}

function checkSeat(seat: SeatWords): SeatWords {
  if (!Grade.is(seat?.grade))
    throw new InvalidInputError({
      parameter: "seat.grade",
      expected: `one of ${[...Grade.ladder, "CEILING"].join(", ")}`,
    });
  if (!Depth.is(seat.depth))
    throw new InvalidInputError({
      parameter: "seat.depth",
      expected: `one of ${Depth.ladder.join(", ")}`,
    });
  if (!OutputSize.is(seat.output))
    throw new InvalidInputError({
      parameter: "seat.output",
      expected: "an output rung or { tokens }",
    });
  return Object.freeze({ grade: seat.grade, depth: seat.depth, output: seat.output });
}
