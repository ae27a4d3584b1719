import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "@nucleo/conversation";
import type { RequestSettings } from "../request/request-settings.js";
import {
  type CallInputs,
  sendChatCompletion,
  streamChatCompletion,
} from "./chat-completions-call.js";
import type { OpenAiClientOptions } from "./openai-client-options.js";
import { sendResponse, streamResponse } from "./responses-call.js";
import { SdkPool } from "./sdk-pool.js";

/**
 * Nucleo's {@link LlmClient} over the official `openai` SDK, for OpenAI and for the servers
 * that speak its dialect (entries with `provider: "openai-compatible"` and a `baseUrl`: vLLM,
 * Ollama, llama.cpp, gateways). Entries speak Chat Completions, or OpenAI's Responses API when
 * they say `api: "responses"`; both keep the same contract.
 *
 * It calls tools natively, enforces the answer schema where the entry has structured outputs,
 * sends reasoning models the effort of the seat's depth (and, on the Responses API, carries
 * their reasoning from turn to turn), asks OpenAI to route a conversation's turns to one
 * prompt cache, and reports usage with cached and reasoning tokens apart. Failures come back
 * as Nucleo's outcomes (`ThrottleSignal`, `ExternalServiceError`, `InvalidInputError`), in its
 * own words: no message ever quotes the provider's error text, a header or a key. The SDK's
 * retries are off; the dispatcher retries.
 *
 * @example
 * const client = new OpenAiClient(); // OPENAI_API_KEY from the environment
 * const response = await client.send(request, { entry, maxOutputTokens: 4_096, reasoningTokens: 0, depth: "QUICK" }, signal);
 */
export class OpenAiClient implements LlmClient {
  readonly #pool: SdkPool;
  readonly #settings: RequestSettings;

  constructor(options: OpenAiClientOptions = {}) {
    this.#pool = new SdkPool(options);
    this.#settings = {
      promptCache: options.promptCache ?? true,
      reasoningSummaries: options.reasoningSummaries ?? false,
    };
  }

  /** Sends one call and waits for the whole answer. */
  async send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse> {
    const call = this.#call(request, binding, signal);
    return binding.entry.api === "responses" ? sendResponse(call) : sendChatCompletion(call);
  }

  /**
   * Sends one call and yields the answer as it arrives: text as it comes, reasoning summaries
   * as thinking (Responses API, with `reasoningSummaries`), each tool call once complete.
   * Returns the same response `send` would. A stream that is cut off, or ends without usage, fails with an
   * `ExternalServiceError` on step `stream`; breaking out of the loop cancels the request.
   */
  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    const call = this.#call(request, binding, signal);
    return yield* binding.entry.api === "responses"
      ? streamResponse(call)
      : streamChatCompletion(call);
  }

  #call(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): CallInputs {
    signal.throwIfAborted();
    const target = this.#pool.targetFor(binding.entry);
    return { target, request, binding, settings: this.#settings, signal };
  }
}

/**
 * Makes an {@link OpenAiClient}; the same as `new OpenAiClient(options)`.
 *
 * @example
 * const client = createOpenAiClient({ compatibleApiKeys: { "http://gpu-box:8000/v1": process.env.VLLM_KEY! } });
 */
export function createOpenAiClient(options: OpenAiClientOptions = {}): OpenAiClient {
  return new OpenAiClient(options);
}
