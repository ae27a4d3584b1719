import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicWire } from "./anthropic-wire.js";
import { readJsonObject, writeJson } from "./http-io.js";
import type {
  MockReply,
  MockRequest,
  MockServerCounts,
  MockServerOptions,
  MockWire,
} from "./mock-types.js";
import { openaiWire } from "./openai-wire.js";
import { PromptCache } from "./prompt-cache/prompt-cache.js";
import { RollingLimits } from "./rate-limits.js";
import { type ReplyContext, writeReply } from "./reply-writer.js";
import { RequestLog } from "./request-log.js";
import { totalTokens } from "./resolve-answer.js";
import { responsesWire } from "./responses-wire.js";
import type { WireFormat } from "./wire-format.js";

const ROUTES: Readonly<Record<string, WireFormat>> = {
  "/v1/chat/completions": openaiWire,
  "/v1/responses": responsesWire,
  "/v1/messages": anthropicWire,
};

const DEFAULT_REPLY: MockReply = { kind: "answer", text: "ok" };

// Enough for any test to look back over its calls; few enough that a server answering for days
// (the worker's mock mode) holds a flat amount of memory.
const REQUESTS_KEPT = 1_000;

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions, OpenAI Responses and
 * Anthropic Messages wire formats, JSON and streamed, so provider clients are tested through the
 * official SDKs over a socket. Each call takes the next scripted reply, else asks the handler,
 * else answers "ok". It records the most recent calls (1,000 by default: `keepRequests`) and
 * counts every one, refuses malformed ones with a 400 in the wire's error shape, models prompt
 * caching as the providers document it (`promptCache`), and can enforce rate limits over a
 * rolling window.
 *
 * @example
 * const server = await MockProviderServer.start();
 * server.script({ kind: "answer", text: "Hello." });
 * const openai = new OpenAI({ apiKey: "test", baseURL: server.openaiBaseUrl, maxRetries: 0 });
 * await openai.chat.completions.create({ model: "gpt-5-mini", messages: [{ role: "user", content: "Hi" }] });
 * await openai.responses.create({ model: "gpt-5-mini", input: "Hi" }); // the Responses wire: "ok"
 * await server.stop();
 */
export class MockProviderServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** What `new OpenAI({ baseURL })` takes: {@link url} + `/v1` (Chat Completions and Responses). */
  readonly openaiBaseUrl: string;
  /** What `new Anthropic({ baseURL })` takes: {@link url}. */
  readonly anthropicBaseUrl: string;
  readonly #server: Server;
  readonly #options: MockServerOptions;
  readonly #limits: RollingLimits | null;
  readonly #countTokens: (text: string) => number;
  readonly #promptCache: PromptCache | null;
  readonly #queue: MockReply[] = [];
  readonly #requests: RequestLog<MockRequest>;
  readonly #inFlight = new Set<AbortController>();
  readonly #byWire: Record<MockWire, number> = {
    openai: 0,
    "openai-responses": 0,
    anthropic: 0,
  };
  #handler: ((request: MockRequest) => MockReply | Promise<MockReply>) | null = null;
  #received = 0;
  #answered = 0;
  #tokens = 0;
  #cachedInputTokens = 0;
  #cacheWriteTokens = 0;
  #throttled = 0;
  #sequence = 0;

  private constructor(
    server: Server,
    options: MockServerOptions,
    requests: RequestLog<MockRequest>,
    promptCache: PromptCache | null,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.openaiBaseUrl = `${this.url}/v1`;
    this.anthropicBaseUrl = this.url;
    this.#server = server;
    this.#options = options;
    this.#requests = requests;
    this.#limits = options.limits === undefined ? null : new RollingLimits(options.limits);
    this.#countTokens = countTokensOf(options);
    this.#promptCache = promptCache;
  }

  /**
   * Starts a server on a free port of 127.0.0.1.
   *
   * @throws {InvalidInputError} naming `keepRequests` when it is not a whole number, 0 or more, or
   * `Infinity`; naming `promptCache.minCacheableTokens` or `promptCache.routingRequestsPerMinute`
   * when it is not a whole number of at least 1.
   */
  static async start(options: MockServerOptions = {}): Promise<MockProviderServer> {
    // Checked before listening: a refused option leaves no server behind.
    const requests = new RequestLog<MockRequest>(
      options.keepRequests ?? REQUESTS_KEPT,
      "keepRequests",
    );
    const promptCache =
      options.promptCache === false
        ? null
        : new PromptCache(options.promptCache ?? {}, countTokensOf(options));
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const mock = new MockProviderServer(server, options, requests, promptCache);
    server.on(
      "request",
      (request: IncomingMessage, response: ServerResponse) => void mock.#serve(request, response),
    );
    return mock;
  }

  /**
   * The calls received with a JSON object body, oldest first, throttled and refused ones
   * included: the most recent `keepRequests` (default 1,000) since the server started or
   * `clearRequests()` was last called. A copy: later calls do not change it. `counts` has the
   * totals.
   */
  get requests(): readonly MockRequest[] {
    return this.#requests.entries();
  }

  /** How many calls {@link requests} keeps at most (the `keepRequests` option). */
  get keepRequests(): number {
    return this.#requests.capacity;
  }

  /** Totals since the server started, which `keepRequests` never trims. A copy. */
  get counts(): MockServerCounts {
    return {
      requests: this.#received,
      byWire: { ...this.#byWire },
      answered: this.#answered,
      throttled: this.#throttled,
      tokens: this.#tokens,
      cachedInputTokens: this.#cachedInputTokens,
      cacheWriteTokens: this.#cacheWriteTokens,
    };
  }

  /** Forgets the recorded calls (between a soak test's rounds, say); `counts` carry on. */
  clearRequests(): void {
    this.#requests.clear();
  }

  /** How many calls the rate limits answered with 429 (scripted throttles are not counted). */
  get throttled(): number {
    return this.#throttled;
  }

  /** Queues replies; each incoming call, on any wire, takes the next one. */
  script(...replies: MockReply[]): this {
    this.#queue.push(...replies);
    return this;
  }

  /** Answers calls with `handler` whenever the script is empty (replacing any earlier handler). */
  handle(handler: (request: MockRequest) => MockReply | Promise<MockReply>): this {
    this.#handler = handler;
    return this;
  }

  /** Closes the server, drops open connections and abandons answers still waiting on a delay. */
  async stop(): Promise<void> {
    for (const controller of this.#inFlight) controller.abort();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  async #serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const controller = new AbortController();
    this.#inFlight.add(controller);
    response.on("close", () => {
      controller.abort();
      this.#inFlight.delete(controller);
    });
    const path = new URL(request.url ?? "/", this.url).pathname;
    const wire = request.method === "POST" ? ROUTES[path] : undefined;
    try {
      if (wire === undefined) {
        writeJson(
          response,
          404,
          openaiWire.error(404, `Unknown request URL: ${request.method} ${path}.`).body,
        );
        return;
      }
      await this.#answer(wire, path, request, response, controller.signal);
    } catch (error) {
      // A handler that throws, or a client that vanished mid-read: never crash the server.
      if (response.headersSent) response.destroy();
      else if (wire !== undefined) {
        const failure = wire.error(
          500,
          `The mock server failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        writeJson(response, failure.status, failure.body);
      }
    }
  }

  async #answer(
    wire: WireFormat,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
    signal: AbortSignal,
  ): Promise<void> {
    const sequence = ++this.#sequence;
    const headers = { [wire.requestIdHeader]: wire.requestId(sequence) };
    const parsed = await readJsonObject(request);
    if (!parsed.success) {
      const error = wire.error(400, parsed.error);
      return writeJson(response, error.status, error.body, headers);
    }
    const body = parsed.value;
    const recorded: MockRequest = {
      wire: wire.name,
      path,
      body,
      stream: wire.isStream(body),
      apiKeyPresent: Boolean(request.headers.authorization || request.headers["x-api-key"]),
      model: typeof body.model === "string" ? body.model : "",
    };
    this.#requests.add(recorded);
    this.#received += 1;
    this.#byWire[wire.name] += 1;
    const refusal = wire.validate(body);
    if (refusal !== null) {
      const {
        message,
        status = 400,
        ...named
      } = typeof refusal === "string" ? { message: refusal } : refusal;
      const error = wire.error(status, message, "status", named);
      return writeJson(response, error.status, error.body, headers);
    }
    const now = this.#options.clock?.now() ?? Date.now();
    // Decide the reply first: like a real provider, the limits judge the prompt as the answer
    // will report it, which a script or handler may state exactly.
    const queued = this.#queue[0];
    const reply =
      queued ?? (this.#handler === null ? DEFAULT_REPLY : await this.#handler(recorded));
    const decision = this.#limits?.admit(
      now,
      promptTokensOf(reply) ?? this.#countTokens(JSON.stringify(wire.promptOf(body))),
    );
    if (decision !== undefined && !decision.allowed) {
      this.#throttled += 1;
      const error = wire.error(
        429,
        decision.message,
        decision.limit === "requests" ? "rate_limit_requests" : "rate_limit_tokens",
      );
      return writeJson(response, error.status, error.body, {
        ...headers,
        "retry-after": String(decision.retryAfterSeconds),
      });
    }
    if (queued !== undefined) this.#queue.shift();
    await writeReply(reply, {
      wire,
      body,
      model: this.#options.model ?? recorded.model,
      now,
      countTokens: this.#countTokens,
      nextSequence: () => ++this.#sequence,
      ...this.#cachePromptOf(wire, body, recorded.model, now),
      response,
      stream: recorded.stream,
      signal,
      headers,
      reportUsage: (usage) => {
        const tokens = usage === null ? 0 : totalTokens(usage);
        this.#answered += 1;
        this.#tokens += tokens;
        this.#cachedInputTokens += usage?.cachedInputTokens ?? 0;
        this.#cacheWriteTokens += usage?.cacheWriteTokens ?? 0;
        if (decision?.allowed) decision.entry.tokens = tokens;
      },
    });
  }

  /** What lets an answer put its prompt to the cache (nothing when caching is off). */
  #cachePromptOf(
    wire: WireFormat,
    body: Record<string, unknown>,
    model: string,
    now: number,
  ): Pick<ReplyContext, "cachePrompt"> {
    const cache = this.#promptCache;
    if (cache === null) return {};
    return {
      cachePrompt: (promptTokens) =>
        cache.consult({
          prompt: wire.cacheablePrompt(body),
          namespace: `${wire.name}|${model}`,
          promptTokens,
          now,
        }),
    };
  }
}

/** How default usage counts text. */
function countTokensOf(options: MockServerOptions): (text: string) => number {
  return options.countTokens ?? ((text) => Math.ceil(text.length / 4));
}

/** The prompt tokens a reply states for itself, when it states them. */
function promptTokensOf(reply: MockReply): number | undefined {
  const answer = reply.kind === "slow" ? reply.reply : reply;
  if (answer.kind !== "answer" || answer.usage?.inputTokens === undefined) return undefined;
  return (
    answer.usage.inputTokens +
    (answer.usage.cachedInputTokens ?? 0) +
    (answer.usage.cacheWriteTokens ?? 0)
  );
}
