import { ExternalServiceError, InvalidInputError, SystemError, ThrottleSignal } from "@nucleo/core";
import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "@nucleo/conversation";
import { splitText } from "../text/split-text.js";
import { resolveScriptedAnswer } from "./resolve-scripted-answer.js";
import type { ScriptedAnswer, ScriptedToolCall, ScriptedTurn } from "./scripted-turn.js";

/** One call a {@link ScriptedLlmClient} received. */
export interface ScriptedCall {
  readonly request: LlmRequest;
  readonly binding: LlmBinding;
}

// Enough for any test to look back over its calls; small enough that a soak test's memory stays flat.
const REQUESTS_KEPT = 1_000;

/** How a {@link ScriptedLlmClient} counts default usage, answers past its script and records calls. */
export interface ScriptedLlmClientOptions {
  /** Default `Math.ceil(characters / 4)`. */
  readonly countTokens?: (text: string) => number;
  /**
   * The turn every call takes once the script has run out — usually a function that answers
   * from the request and the binding (a model per entry, say). Without it, such a call fails.
   */
  readonly otherwise?: ScriptedTurn;
  /**
   * How many calls `requests` keeps: the most recent ones, older ones dropped, so a soak test
   * that makes millions of calls holds a flat amount of memory. Default 1,000; `Infinity`
   * keeps every call, 0 none.
   */
  readonly keepRequests?: number;
}

/**
 * An `LlmClient` that answers from a script, turn by turn, so real loops (thinkers, LLM calls,
 * one-call tools) run without a model. Each call takes the next turn: an answer becomes the
 * response, a fault is thrown, a function decides from the request. The most recent calls are
 * recorded (1,000 by default: `keepRequests`; `clearRequests()` forgets them); a call past the
 * end of the script fails with a `SystemError` naming its number. `stream`
 * yields the same answer in a few deltas and returns the same response.
 *
 * @example
 * const client = new ScriptedLlmClient([
 *   ScriptedLlmClient.toolCall("search", { query: "pgvector" }),
 *   ScriptedLlmClient.throttle(1_000),
 *   ScriptedLlmClient.json({ answer: "use HNSW" }),
 * ]);
 */
export class ScriptedLlmClient implements LlmClient {
  readonly #turns: ScriptedTurn[];
  readonly #calls: ScriptedCall[] = [];
  readonly #keepRequests: number;
  readonly #countTokens: (text: string) => number;
  readonly #otherwise: ScriptedTurn | undefined;
  #callCount = 0;
  #mintedIds = 0;

  constructor(turns: readonly ScriptedTurn[] = [], options: ScriptedLlmClientOptions = {}) {
    const keep = options.keepRequests ?? REQUESTS_KEPT;
    if (!(keep === Number.POSITIVE_INFINITY || (Number.isSafeInteger(keep) && keep >= 0))) {
      throw new InvalidInputError({
        parameter: "keepRequests",
        value: String(keep),
        expected: "a whole number of calls, 0 or more, or Infinity",
      });
    }
    this.#turns = [...turns];
    this.#keepRequests = keep;
    this.#countTokens = options.countTokens ?? ((text) => Math.ceil(text.length / 4));
    this.#otherwise = options.otherwise;
  }

  /** An answer with text, plus any other fields. */
  static answer(content: string, rest: Omit<ScriptedAnswer, "content"> = {}): ScriptedAnswer {
    return { ...rest, content };
  }

  /** An answer whose text is `value` as JSON, as a structured answer would arrive. */
  static json(value: unknown, rest: Omit<ScriptedAnswer, "content"> = {}): ScriptedAnswer {
    return { ...rest, content: JSON.stringify(value) };
  }

  /** An answer that calls one tool; the id is minted (`call_1`, `call_2`, ...) unless given. */
  static toolCall(
    name: string,
    args: Readonly<Record<string, unknown>>,
    rest: Omit<ScriptedAnswer, "toolCalls"> & { id?: string } = {},
  ): ScriptedAnswer {
    const { id, ...answer } = rest;
    return {
      ...answer,
      toolCalls: [id === undefined ? { name, arguments: args } : { id, name, arguments: args }],
    };
  }

  /** An answer that calls several tools at once. */
  static toolCalls(...calls: ScriptedToolCall[]): ScriptedAnswer {
    return { toolCalls: calls };
  }

  /** An answer cut off at the output budget (`stopReason: "max_tokens"`). */
  static truncated(content: string): ScriptedAnswer {
    return { content, stopReason: "max_tokens" };
  }

  /** The provider said "slow down": a `ThrottleSignal` with the given retry-after. */
  static throttle(retryAfterMs?: number): ThrottleSignal {
    return new ThrottleSignal({ service: "scripted", retryAfterMs });
  }

  /** The provider failed: an `ExternalServiceError` naming the scripted service. */
  static failure(detail = "HTTP 500"): ExternalServiceError {
    return new ExternalServiceError({ service: "scripted", step: "send", detail });
  }

  /**
   * The calls received, oldest first: the most recent `keepRequests` (default 1,000) since the
   * client was made or `clearRequests()` was last called.
   */
  get requests(): readonly ScriptedCall[] {
    return this.#calls;
  }

  /** How many calls were received in all, including those `requests` no longer holds. */
  get callCount(): number {
    return this.#callCount;
  }

  /** Forgets the recorded calls (a soak test between rounds); call numbering carries on. */
  clearRequests(): void {
    this.#calls.length = 0;
  }

  /** Turns not yet used. */
  get remaining(): number {
    return this.#turns.length;
  }

  /** Appends turns to the script. */
  script(...turns: ScriptedTurn[]): this {
    this.#turns.push(...turns);
    return this;
  }

  /** Answers with the next turn: the response it describes, or the fault it holds, thrown. */
  async send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse> {
    signal.throwIfAborted();
    const call = ++this.#callCount;
    if (this.#keepRequests > 0) {
      this.#calls.push({ request, binding });
      if (this.#calls.length > this.#keepRequests) this.#calls.shift();
    }
    let turn = this.#turns.shift() ?? this.#otherwise;
    if (turn === undefined) {
      throw new SystemError({
        code: "script_exhausted",
        message: `ScriptedLlmClient: call ${call} has no scripted turn (the script held ${call - 1}).`,
      });
    }
    while (typeof turn === "function") turn = await turn(request, binding, { call });
    if (turn instanceof Error) throw turn;
    return resolveScriptedAnswer(turn, {
      request,
      binding,
      countTokens: this.#countTokens,
      mintCallId: () => `call_${++this.#mintedIds}`,
    });
  }

  /** Yields the next turn's thinking, text (in a few pieces) and tool calls, then returns its response. */
  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    const response = await this.send(request, binding, signal);
    for (const part of response.thinking) {
      for (const text of splitText(part.text, 2)) yield { type: "thinking", text };
      signal.throwIfAborted();
    }
    for (const text of splitText(response.content, 3)) {
      yield { type: "text", text };
      signal.throwIfAborted();
    }
    for (const call of response.toolCalls) {
      yield { type: "tool_call", call };
      signal.throwIfAborted();
    }
    return response;
  }
}
