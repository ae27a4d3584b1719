import {
  AbstractTool,
  markJobRole,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type SeatRequest,
  type TokenUsage,
} from "@nucleo/core";
import { z } from "zod";
import type { LlmResponse, StopReason } from "../client/llm-client.js";
import type { ThinkingPart, ToolCallPart } from "../model/parts.js";
import { ModelExchange, type ExchangeResult, type ModelExchangeOptions } from "./model-exchange.js";

/** What one model call produced. */
export interface LlmCallOutput<TAnswer> {
  /** The answer's text. */
  readonly text: string;
  /**
   * The answer, when a contract was set: checked when `valid`; when not, the model's object as
   * it is (still breaking the contract after every correction — see `problem`).
   */
  readonly answer: TAnswer | undefined;
  /** False only when the answer still broke its contract after every correction. */
  readonly valid: boolean;
  /** What was still wrong with an invalid answer (field and expected type). */
  readonly problem?: string;
  readonly toolCalls: readonly ToolCallPart[];
  readonly thinking: readonly ThinkingPart[];
  /**
   * The provider's item that carried the text (OpenAI Responses), so a replayed answer goes back
   * to the provider with its reasoning as a live one does.
   */
  readonly textItem?: LlmResponse["textItem"];
  readonly stopReason: StopReason;
  readonly entryId: string;
  readonly providerModel: string;
  readonly usage: TokenUsage;
}

/** How an {@link LLMCall} is set up: the conversation, the environment, and optionally the answer contract, a pin and a stream handler. */
export type LlmCallOptions<TAnswer> = ModelExchangeOptions<TAnswer>;

// Accepts anything: the dispatcher skips checking an output against it (the call builds it).
const anything = z.unknown();
// Module-level: a zod schema built per instance is compiled again on its first parse.
const nothing = z.undefined();

/**
 * One exchange with a model, as a job. It takes a seat priced from exactly what the wire will
 * send (the conversation rendered for the bound entry, counted by the entry's tokenizer, plus
 * the output budget), sends it, reports the call (usage, exact cost, latency, stop reason,
 * attempt), and appends the answer to the conversation. A `max_tokens` stop becomes the
 * truncation escalation (one re-run at the entry's ceiling); a provider throttle arrives from
 * the client as the throttle signal; an answer that breaks its contract is corrected.
 *
 * Submit it with `undefined` as input: `context.submitInStep(new LLMCall({ conversation, environment }), undefined)`.
 */
export class LLMCall<TAnswer = undefined> extends AbstractTool<undefined, LlmCallOutput<TAnswer>> {
  readonly name = "llm_call";
  override readonly description = "One exchange with a model.";
  /**
   * A model call only reads (its tools, if any, are jobs of their own): allowed under a
   * read-only binding. A subclass inherits this — one that adds an effect must say `false`.
   */
  override readonly readOnly = true;
  readonly input = nothing;
  readonly output = anything as z.ZodType<LlmCallOutput<TAnswer>>;
  readonly #exchange: ModelExchange<TAnswer>;

  constructor(options: LlmCallOptions<TAnswer>) {
    super();
    this.#exchange = new ModelExchange(options);
  }

  /** Binds the seat for this attempt and prices it from the rendered request. */
  override requirements(_input: undefined, attempt: AttemptInfo): SeatRequest[] {
    return this.#exchange.requirements(attempt);
  }

  /** A call's request is its conversation (its input is empty): what a resumed workflow matches. */
  override replayIdentity(_input: undefined): unknown {
    return this.#exchange.replayIdentity();
  }

  /**
   * A replayed call's answer joins the conversation, as a live one's does, after the caller
   * shaped it for the entry that answered (`beforeRender`).
   */
  override restoreReplayed(_input: undefined, output: LlmCallOutput<TAnswer>): void {
    this.#exchange.restoreAnswer(output.entryId, {
      content: output.text,
      thinking: output.thinking,
      toolCalls: output.toolCalls,
      ...(output.textItem === undefined ? {} : { textItem: output.textItem }),
    });
  }

  // Not async: one frame less per call in flight (thousands may wait on their model at once).
  execute(
    _input: undefined,
    resources: JobResources,
    context: JobContext,
  ): Promise<LlmCallOutput<TAnswer>> {
    return this.#exchange.exchangeInto(resources, context, undefined, outputOf<TAnswer>);
  }
}

// A call is its caller's exchange with a model, not work of its own: traces show the call, not a tool.
markJobRole(LLMCall.prototype, "model_call");

/** The call's output from what one exchange brought back. */
function outputOf<TAnswer>({
  response,
  entry,
  checked,
}: ExchangeResult<TAnswer>): LlmCallOutput<TAnswer> {
  const output: { -readonly [K in keyof LlmCallOutput<TAnswer>]: LlmCallOutput<TAnswer>[K] } = {
    text: response.content,
    answer: checked === undefined ? undefined : (checked.answer as TAnswer),
    valid: checked?.valid ?? true,
    toolCalls: response.toolCalls,
    thinking: response.thinking,
    stopReason: response.stopReason,
    entryId: entry.id,
    providerModel: response.providerModel,
    usage: response.usage,
  };
  // Added only when there is one, rather than spread in: a spread in a literal takes a slow path.
  if (checked?.valid === false) output.problem = checked.problem;
  if (response.textItem !== undefined) output.textItem = response.textItem;
  return output;
}
