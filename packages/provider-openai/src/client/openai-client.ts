import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "@nucleo/conversation";
import { toNucleoError } from "../errors/to-nucleo-error.js";
import { toOpenAiParams } from "../request/to-openai-params.js";
import { fromCompletion, type WireStep } from "../response/to-llm-response.js";
import { StreamAssembler } from "../stream/stream-assembler.js";
import type { OpenAiClientOptions } from "./openai-client-options.js";
import { SdkPool } from "./sdk-pool.js";

/**
 * Nucleo's {@link LlmClient} over the official `openai` SDK (Chat Completions), for OpenAI and
 * for the servers that speak its dialect (entries with `provider: "openai-compatible"` and a
 * `baseUrl`: vLLM, Ollama, llama.cpp, gateways).
 *
 * It calls tools natively, enforces the answer schema where the entry has structured outputs,
 * sends `reasoning_effort` to reasoning models, and reports usage with cached and reasoning
 * tokens apart. Failures come back as Nucleo's outcomes (`ThrottleSignal`,
 * `ExternalServiceError`, `InvalidInputError`), in its own words: no message ever quotes the
 * provider's error text, a header or a key. The SDK's retries are off; the dispatcher retries.
 *
 * @example
 * const client = new OpenAiClient(); // OPENAI_API_KEY from the environment
 * const response = await client.send(request, { entry, maxOutputTokens: 4_096, reasoningTokens: 0, depth: "QUICK" }, signal);
 */
export class OpenAiClient implements LlmClient {
  readonly #pool: SdkPool;

  constructor(options: OpenAiClientOptions = {}) {
    this.#pool = new SdkPool(options);
  }

  /** Sends one call and waits for the whole answer. */
  async send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse> {
    signal.throwIfAborted();
    const target = this.#pool.targetFor(binding.entry);
    const where: WireStep = { service: target.service, step: "chat completion" };
    let body: unknown;
    try {
      body = await target.sdk.chat.completions.create(toOpenAiParams(request, binding), { signal });
    } catch (error) {
      throw toNucleoError(error, where, signal);
    }
    return fromCompletion(body, where);
  }

  /**
   * Sends one call and yields the answer as it arrives: text as it comes, each tool call once
   * complete. Returns the same response `send` would. A stream that is cut off, or ends without
   * usage, fails with an `ExternalServiceError` on step `stream`; breaking out of the loop
   * cancels the request.
   */
  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    signal.throwIfAborted();
    const target = this.#pool.targetFor(binding.entry);
    const where: WireStep = { service: target.service, step: "stream" };
    const assembler = new StreamAssembler(where);
    try {
      const chunks = await target.sdk.chat.completions.create(
        {
          ...toOpenAiParams(request, binding),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      for await (const chunk of chunks) yield* assembler.push(chunk);
    } catch (error) {
      throw toNucleoError(error, where, signal);
    }
    // The SDK ends a stream quietly when its request is aborted; the abort must still surface.
    signal.throwIfAborted();
    return assembler.finish();
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
