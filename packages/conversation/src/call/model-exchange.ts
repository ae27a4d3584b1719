import {
  SystemError,
  TruncationSignal,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type SeatRequest,
  type SeatReservation,
} from "@nucleo/core";
import { priceCall, type SeatBinding } from "@nucleo/catalog";
import { collectStream } from "../client/collect-stream.js";
import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "../client/llm-client.js";
import type { ResponseContract } from "../correction/response-contract.js";
import { ResponseCorrection, type CheckedAnswer } from "../correction/response-correction.js";
import type { Conversation } from "../model/conversation.js";
import { renderRequest } from "../render/render-request.js";
import { callContent } from "./call-content.js";
import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmEnvironment } from "./llm-environment.js";

/** How one seated exchange is set up. */
export interface ModelExchangeOptions<TAnswer> {
  readonly conversation: Conversation;
  readonly environment: LlmEnvironment;
  readonly contract?: ResponseContract<TAnswer>;
  /** A catalog entry id: bypasses the picker, never the envelope. */
  readonly pin?: string;
  readonly onDelta?: (delta: LlmDelta) => void;
  /**
   * Called with the entry a request is about to be rendered for, before it is rendered and
   * priced: where a caller shapes the conversation per entry (a thinker drops the prose
   * reasoning field when the entry guarantees a native thinking block).
   */
  readonly beforeRender?: (entry: CatalogEntry) => void;
}

/** What one exchange brought back. */
export interface ExchangeResult<TAnswer> {
  readonly response: LlmResponse;
  readonly entry: CatalogEntry;
  /** The answer checked against the contract, when one was set and the model did not call tools. */
  readonly checked: CheckedAnswer<TAnswer> | undefined;
}

/**
 * The mechanics every model-calling job shares (`LLMCall`, the one-call tools): per attempt,
 * bind the seat and price it from exactly the request the wire will carry; then send on the
 * client, record the usage, report the call with its exact cost, turn a `max_tokens` stop into
 * the truncation escalation, check the answer with the shared response correction, and append
 * it to the conversation.
 */
export class ModelExchange<TAnswer> {
  // This attempt's plan, as fields rather than an object of its own (thousands of calls wait at once).
  #binding: SeatBinding | undefined;
  #request: LlmRequest | undefined;
  #maxOutputTokens = 0;

  constructor(readonly options: ModelExchangeOptions<TAnswer>) {
    if (options.contract) options.conversation.expectAnswer(options.contract);
  }

  /** Binds this attempt's seat and prices it (after a truncation, at the entry's ceiling). */
  requirements(attempt: AttemptInfo): SeatRequest[] {
    const { conversation, environment, pin } = this.options;
    const binding =
      pin === undefined
        ? this.#pickWithDemand()
        : environment.picker.bind({ ...conversation.seat, pin });
    this.options.beforeRender?.(binding.entry);
    const request = renderRequest(conversation, binding.entry);
    const maxOutputTokens = attempt.escalated
      ? binding.entry.outputCeiling
      : binding.maxOutputTokens;
    this.#binding = binding;
    this.#request = request;
    this.#maxOutputTokens = maxOutputTokens;
    const inputTokens = environment.tokens.countRequest(binding.entry, request);
    return [{ entryId: binding.entry.id, grade: binding.grade, inputTokens, maxOutputTokens }];
  }

  /**
   * Binds a grade's seat knowing its size: the request is priced on the first candidate, then
   * the picker chooses the entry that could take a seat of that size soonest — so seats spread
   * over a grade's entries instead of piling onto the first.
   */
  #pickWithDemand(): SeatBinding {
    const { conversation, environment } = this.options;
    const candidates = environment.picker.candidates(conversation.seat.grade);
    const first = candidates[0];
    if (candidates.length < 2 || !first) return environment.picker.bind(conversation.seat);
    const sized = environment.picker.bind({ ...conversation.seat, pin: first.id });
    this.options.beforeRender?.(first);
    const demand = {
      inputTokens: environment.tokens.countRequest(first, renderRequest(conversation, first)),
      outputTokens: sized.maxOutputTokens,
    };
    return environment.picker.bind(conversation.seat, demand);
  }

  /**
   * What identifies the request this exchange would send, for a resumed workflow matching it to
   * a recorded call: the conversation's system parts, turns, tools and answer contract, the seat
   * words and the pin — everything but the entry, which the seat picks at run time.
   */
  replayIdentity(): unknown {
    const { conversation, pin } = this.options;
    const contract = conversation.contract();
    return {
      objective: conversation.objective(),
      preamble: conversation.preamble(),
      turns: conversation.turns(),
      tools: conversation.tools().map(({ name, description, inputSchema }) => ({
        name,
        description,
        inputSchema,
      })),
      contract:
        contract === undefined ? null : { name: contract.name, schema: contract.jsonSchema },
      seat: conversation.seat,
      pin: pin ?? null,
    };
  }

  /**
   * Takes in a recorded answer as receiving it would have (a replayed call): the caller shapes
   * its conversation for the entry that answered (`beforeRender`, as a live call does before
   * rendering), and the answer joins the conversation.
   *
   * @throws {InvalidInputError} when the entry that answered is no longer in the catalog's
   * envelope (then nothing changed, and the call runs live).
   */
  restoreAnswer(
    entryId: string,
    answer: Pick<LlmResponse, "content" | "thinking" | "toolCalls" | "textItem">,
  ): void {
    const { conversation, environment, beforeRender } = this.options;
    const entry = environment.picker.pinned(entryId);
    beforeRender?.(entry);
    conversation.addAssistant(answer);
  }

  /** The entry this attempt is bound to. */
  entry(): CatalogEntry {
    return this.#requireBinding().entry;
  }

  /**
   * Sends this attempt's request on `client` (default: the environment's client for the entry).
   * Not async: a call waiting on its model holds one promise reaction, not a paused frame.
   */
  exchange(
    resources: JobResources,
    context: JobContext,
    client?: LlmClient,
  ): Promise<ExchangeResult<TAnswer>> {
    return this.exchangeInto(resources, context, client, asIs);
  }

  /**
   * {@link exchange}, its result shaped by `into` as it arrives: a caller that reshapes the
   * result (a model call's output) adds no promise of its own to the one waiting on the model.
   */
  exchangeInto<TResult>(
    resources: JobResources,
    context: JobContext,
    client: LlmClient | undefined,
    into: (result: ExchangeResult<TAnswer>) => TResult,
  ): Promise<TResult> {
    try {
      const planned = this.#requireBinding();
      const request = this.#request!;
      const seat = resources.seats[0];
      if (!seat)
        throw new SystemError({
          code: "no_seat",
          message: "A model call ran without the seat its requirements asked for.",
        });
      const { conversation, environment, onDelta } = this.options;
      const entry = planned.entry;
      const binding: LlmBinding = {
        entry,
        maxOutputTokens: this.#maxOutputTokens,
        reasoningTokens: planned.reasoningTokens,
        depth: conversation.seat.depth,
      };
      const sender = client ?? environment.clientFor(entry);
      const started = environment.clock.now();
      const sent = onDelta
        ? collectStream(sender.stream(request, binding, context.signal), onDelta)
        : sender.send(request, binding, context.signal);
      return Promise.resolve(sent).then((response) =>
        into(this.#received(response, planned, seat, resources, context, started)),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** What the model sent, taken in: usage recorded, the call reported, a truncation signalled, the answer checked and appended. */
  #received(
    response: LlmResponse,
    planned: SeatBinding,
    seat: SeatReservation,
    resources: JobResources,
    context: JobContext,
    started: number,
  ): ExchangeResult<TAnswer> {
    const { conversation, contract } = this.options;
    resources.recordUsage(seat, response.usage);
    // The exact price is for whoever records the call: with no observer there is no one to tell.
    if (context.observed !== false) this.#report(planned, response, context, started);
    if (response.stopReason === "max_tokens") throw new TruncationSignal();
    const checked =
      contract && response.toolCalls.length === 0
        ? ResponseCorrection.exchange(conversation, response, contract, context.attempt)
        : undefined;
    conversation.addAssistant(response);
    return { response, entry: planned.entry, checked };
  }

  /** Tells the observers of the call: its entry, usage, exact cost, latency, stop reason and attempt. */
  #report(planned: SeatBinding, response: LlmResponse, context: JobContext, started: number): void {
    const { conversation, environment } = this.options;
    const entry = planned.entry;
    const ended = environment.clock.now();
    const price = priceCall(entry, response.usage, new Date(ended));
    context.emit({
      type: "llm.call",
      entryId: entry.id,
      providerModel: response.providerModel,
      provider: entry.provider,
      requestModel: entry.model,
      grade: planned.grade,
      depth: conversation.seat.depth,
      usage: response.usage,
      cost: price.cost.toString(),
      currency: price.currency,
      latencyMs: ended - started,
      stopReason: response.stopReason,
      attempt: context.attempt.number,
      corrections: context.attempt.corrections,
      ...(context.wantsContent === true && { content: callContent(this.#request!, response) }),
    });
  }

  #requireBinding(): SeatBinding {
    if (!this.#binding)
      throw new SystemError({
        code: "no_seat",
        message: "A model call ran before its requirements bound a seat.",
      });
    return this.#binding;
  }
}

function asIs<TResult>(result: TResult): TResult {
  return result;
}
