import Anthropic from "@anthropic-ai/sdk";
import type { CatalogEntry } from "@nucleo/catalog";
import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "@nucleo/conversation";
import { SystemError, type Depth } from "@nucleo/core";
import { toNucleoError } from "./errors/to-nucleo-error.js";
import { cacheControlFor, withCacheBreakpoints } from "./request/cache-breakpoints.js";
import { type MessageParams, toMessageParams } from "./request/to-message-params.js";
import { StreamAccumulator } from "./response/stream-accumulator.js";
import { toLlmResponse } from "./response/to-llm-response.js";
import { thinkingActive } from "./thinking/thinking-active.js";

/** The environment variable the key is read from when `apiKey` is not given. */
export const ANTHROPIC_API_KEY_VARIABLE = "ANTHROPIC_API_KEY";

/** Ten minutes: the SDK's own default, given explicitly (see {@link AnthropicClientOptions.timeoutMs}). */
const DEFAULT_TIMEOUT_MS = 600_000;

/** How to reach Anthropic. Every field has a working default but the key. */
export interface AnthropicClientOptions {
  /** The API key. Default: the `ANTHROPIC_API_KEY` environment variable; neither is an error. */
  readonly apiKey?: string;
  /** Another server speaking the Messages API (a proxy, the mock server in tests). Default: the SDK's (Anthropic's API, or `ANTHROPIC_BASE_URL`). */
  readonly baseURL?: string;
  /** The `fetch` the SDK calls. Default: the global one. */
  readonly fetch?: typeof fetch;
  /**
   * How long one HTTP request may wait for its response to start, in milliseconds (the SDK
   * stops the clock once headers arrive). Default: ten minutes. The caller's `AbortSignal`
   * remains the real deadline, body included.
   */
  readonly timeoutMs?: number;
  /**
   * Whether calls may ask Anthropic to cache their prompt prefix, as each entry's
   * `promptCache` says. Default: true. `false` sends no cache breakpoint whatever the entries
   * say, for deployments whose compliance envelope forbids a provider-side cache.
   */
  readonly promptCache?: boolean;
}

/**
 * Nucleo's {@link LlmClient} over Anthropic's Messages API, through the official
 * `@anthropic-ai/sdk`: native tools, thinking blocks (sent back with their signatures),
 * prompt-cache usage, and streaming.
 *
 * The SDK's own retries are off: the dispatcher owns retries, so a 429 or 529 surfaces at once
 * as a `ThrottleSignal` carrying the provider's retry-after. Failures arrive as Nucleo's
 * outcomes and never carry the key, the provider's message or its headers.
 *
 * A call thinks as `anthropicThinking(entry, depth)` of `@nucleo/catalog` says: with the seat's
 * budget on a `budget` entry (exactly when {@link thinkingActive} holds), adaptively at the
 * depth's effort on an `adaptive` entry, or not at all. Unless the entry's `promptCache` is
 * `off` or the client's `promptCache` option is false, a call marks its system text and tools,
 * and its conversation up to the newest message, for Anthropic's prompt cache, at the entry's
 * lifetime. `responseFormat` has no strict native mode here: the rendered contract holds the
 * answer's shape.
 *
 * @example
 * const client = new AnthropicClient(); // reads ANTHROPIC_API_KEY
 * const response = await client.send(request, binding, AbortSignal.timeout(60_000));
 * console.log(response.content, response.usage);
 */
export class AnthropicClient implements LlmClient {
  readonly #sdk: Anthropic;
  readonly #promptCache: boolean;

  /**
   * @throws {SystemError} (`missing_credentials`) when no key is given and `ANTHROPIC_API_KEY`
   *   is unset or empty.
   */
  constructor(options: AnthropicClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env[ANTHROPIC_API_KEY_VARIABLE];
    if (apiKey === undefined || apiKey === "") {
      throw new SystemError({
        code: "missing_credentials",
        message: `No Anthropic API key: pass \`apiKey\` to AnthropicClient or set the ${ANTHROPIC_API_KEY_VARIABLE} environment variable.`,
      });
    }
    // An explicit key also keeps the SDK from walking its other credential sources (auth
    // tokens, profiles on disk), so what authenticates is exactly what was configured.
    this.#sdk = new Anthropic({
      apiKey,
      baseURL: options.baseURL,
      fetch: options.fetch,
      maxRetries: 0,
      // Our errors are the interface: the SDK's own log lines (a malformed event is printed raw,
      // chunk and all) would bypass their scrubbing. `off` also overrides ANTHROPIC_LOG.
      logLevel: "off",
      // Given even at its default: without it the SDK refuses non-streamed calls with a large max_tokens.
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.#promptCache = options.promptCache ?? true;
  }

  /**
   * {@link thinkingActive} through the client, for layers that may not import this package
   * (rendering and thinkers sit below the providers) but hold the entry's client.
   */
  thinkingActive(entry: CatalogEntry, depth: Depth): boolean {
    return thinkingActive(entry, depth);
  }

  /** Sends one call and waits for the whole message. */
  async send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse> {
    const params = this.#params(request, binding);
    let body: unknown;
    try {
      body = await this.#sdk.messages.create({ ...params, stream: false }, { signal });
    } catch (error) {
      throw toNucleoError(error, "messages", signal);
    }
    return toLlmResponse(body, "messages");
  }

  /**
   * Sends one call as a stream: yields text and thinking as they arrive and each tool call once
   * its block is complete, then returns the response {@link send} would have given. Stopping
   * the iteration early cancels the HTTP request. A stream stopped at `max_tokens` with its last
   * block still open returns a `max_tokens` response, as {@link send} would, without the cut
   * tool call.
   */
  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    const params = this.#params(request, binding);
    const accumulator = new StreamAccumulator();
    let events: AsyncIterator<unknown>;
    try {
      events = (await this.#sdk.messages.create({ ...params, stream: true }, { signal }))[
        Symbol.asyncIterator
      ]();
    } catch (error) {
      throw toNucleoError(error, "stream", signal);
    }
    try {
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await events.next();
        } catch (error) {
          throw toNucleoError(error, "stream", signal);
        }
        if (next.done) break;
        // Yielded outside the catch above: what the consumer throws in is theirs, not a provider failure.
        for (const delta of accumulator.accept(next.value)) yield delta;
      }
    } finally {
      // Closes the HTTP response when the consumer stops early or the events turn out malformed;
      // a failure to close must not hide the outcome.
      await events.return?.().catch(() => undefined);
    }
    // The SDK ends a stream quietly when its request is aborted; the abort is the caller's answer.
    if (signal.aborted) throw signal.reason;
    return accumulator.finish();
  }

  /** The Messages body for a call: the mapped request, its stable prefix marked for caching. */
  #params(request: LlmRequest, binding: LlmBinding): MessageParams {
    return withCacheBreakpoints(
      toMessageParams(request, binding),
      cacheControlFor(binding.entry, this.#promptCache),
    );
  }
}
