import {
  AbstractTool,
  SystemError,
  TruncationSignal,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type SeatRequest,
  type TokenUsage,
} from "@nucleo/core";
import { priceCall, type SeatBinding } from "@nucleo/catalog";
import { z } from "zod";
import { collectStream } from "../client/collect-stream.js";
import type { LlmBinding, LlmDelta, LlmRequest, LlmResponse, StopReason } from "../client/llm-client.js";
import type { ResponseContract } from "../correction/response-contract.js";
import { ResponseCorrection } from "../correction/response-correction.js";
import type { Conversation } from "../model/conversation.js";
import type { ThinkingPart, ToolCallPart } from "../model/parts.js";
import { renderRequest } from "../render/render-request.js";
import type { LlmEnvironment } from "./llm-environment.js";

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
  readonly stopReason: StopReason;
  readonly entryId: string;
  readonly providerModel: string;
  readonly usage: TokenUsage;
}

/** How an {@link LLMCall} is set up. */
export interface LlmCallOptions<TAnswer> {
  readonly conversation: Conversation;
  readonly environment: LlmEnvironment;
  /** The answer must be a JSON object of this shape (checked and corrected). */
  readonly contract?: ResponseContract<TAnswer>;
  /** A catalog entry id: bypasses the picker, never the envelope. */
  readonly pin?: string;
  /** Streams the answer: each delta is handed here as it arrives. */
  readonly onDelta?: (delta: LlmDelta) => void;
}

interface AttemptPlan {
  readonly binding: SeatBinding;
  readonly request: LlmRequest;
  readonly maxOutputTokens: number;
}

const anything = z.custom<never>(() => true);

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
  readonly input = z.undefined();
  readonly output = anything as z.ZodType<LlmCallOutput<TAnswer>>;
  readonly #options: LlmCallOptions<TAnswer>;
  #plan: AttemptPlan | undefined;

  constructor(options: LlmCallOptions<TAnswer>) {
    super();
    this.#options = options;
    if (options.contract) options.conversation.expectAnswer(options.contract);
  }

  /** Binds the seat for this attempt and prices it from the rendered request. */
  override requirements(_input: undefined, attempt: AttemptInfo): SeatRequest[] {
    const { conversation, environment, pin } = this.#options;
    const binding = environment.picker.bind({ ...conversation.seat, ...(pin === undefined ? {} : { pin }) });
    const request = renderRequest(conversation, binding.entry);
    const maxOutputTokens = attempt.escalated ? binding.entry.outputCeiling : binding.maxOutputTokens;
    this.#plan = { binding, request, maxOutputTokens };
    const inputTokens = environment.tokens.countRequest(binding.entry, request);
    return [{ entryId: binding.entry.id, grade: binding.grade, inputTokens, maxOutputTokens }];
  }

  async execute(_input: undefined, resources: JobResources, context: JobContext): Promise<LlmCallOutput<TAnswer>> {
    const plan = this.#plan;
    const seat = resources.seats[0];
    if (!plan || !seat) throw new SystemError({ code: "no_seat", message: "LLMCall ran without the seat its requirements asked for." });
    const { conversation, environment, contract, onDelta } = this.#options;
    const entry = plan.binding.entry;
    const binding: LlmBinding = { entry, maxOutputTokens: plan.maxOutputTokens, reasoningTokens: plan.binding.reasoningTokens, depth: conversation.seat.depth };
    const client = environment.clientFor(entry);
    const started = environment.clock.now();
    const response: LlmResponse = onDelta
      ? await collectStream(client.stream(plan.request, binding, context.signal), onDelta)
      : await client.send(plan.request, binding, context.signal);
    resources.recordUsage(seat, response.usage);
    const price = priceCall(entry, response.usage, new Date(environment.clock.now()));
    context.emit({
      type: "llm.call", entryId: entry.id, providerModel: response.providerModel, usage: response.usage, cost: price.cost.toString(),
      currency: price.currency, latencyMs: environment.clock.now() - started, stopReason: response.stopReason,
      attempt: context.attempt.number, corrections: context.attempt.corrections,
    });
    if (response.stopReason === "max_tokens") throw new TruncationSignal();
    const checked = contract && response.toolCalls.length === 0 ? ResponseCorrection.exchange(conversation, response, contract, context.attempt) : undefined;
    conversation.addAssistant(response);
    return {
      text: response.content,
      answer: checked === undefined ? undefined : (checked.answer as TAnswer),
      valid: checked?.valid ?? true,
      ...(checked?.valid === false ? { problem: checked.problem } : {}),
      toolCalls: response.toolCalls,
      thinking: response.thinking,
      stopReason: response.stopReason,
      entryId: entry.id,
      providerModel: response.providerModel,
      usage: response.usage,
    };
  }
}
