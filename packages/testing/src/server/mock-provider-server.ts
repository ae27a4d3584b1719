import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicWire } from "./anthropic-wire.js";
import { readJsonObject, writeJson } from "./http-io.js";
import type { MockReply, MockRequest, MockServerOptions } from "./mock-types.js";
import { openaiWire } from "./openai-wire.js";
import { RollingLimits } from "./rate-limits.js";
import { writeReply } from "./reply-writer.js";
import { promptOf } from "./resolve-answer.js";
import type { WireFormat } from "./wire-format.js";

const ROUTES: Readonly<Record<string, WireFormat>> = {
  "/v1/chat/completions": openaiWire,
  "/v1/messages": anthropicWire,
};

const DEFAULT_REPLY: MockReply = { kind: "answer", text: "ok" };

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions and Anthropic
 * Messages wire formats, JSON and streamed, so provider clients are tested through the
 * official SDKs over a socket. Each call takes the next scripted reply, else asks the handler,
 * else answers "ok". It records every call, refuses malformed ones with a 400 in the wire's
 * error shape, and can enforce rate limits over a rolling window.
 *
 * @example
 * const server = await MockProviderServer.start();
 * server.script({ kind: "answer", text: "Hello." });
 * const openai = new OpenAI({ apiKey: "test", baseURL: server.openaiBaseUrl, maxRetries: 0 });
 * await openai.chat.completions.create({ model: "gpt-5-mini", messages: [{ role: "user", content: "Hi" }] });
 * await server.stop();
 */
export class MockProviderServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** What `new OpenAI({ baseURL })` takes: {@link url} + `/v1`. */
  readonly openaiBaseUrl: string;
  /** What `new Anthropic({ baseURL })` takes: {@link url}. */
  readonly anthropicBaseUrl: string;
  readonly #server: Server;
  readonly #options: MockServerOptions;
  readonly #limits: RollingLimits | null;
  readonly #countTokens: (text: string) => number;
  readonly #queue: MockReply[] = [];
  readonly #requests: MockRequest[] = [];
  readonly #inFlight = new Set<AbortController>();
  #handler: ((request: MockRequest) => MockReply | Promise<MockReply>) | null = null;
  #throttled = 0;
  #sequence = 0;

  private constructor(server: Server, options: MockServerOptions) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.openaiBaseUrl = `${this.url}/v1`;
    this.anthropicBaseUrl = this.url;
    this.#server = server;
    this.#options = options;
    this.#limits = options.limits === undefined ? null : new RollingLimits(options.limits);
    this.#countTokens = options.countTokens ?? ((text) => Math.ceil(text.length / 4));
  }

  /** Starts a server on a free port of 127.0.0.1. */
  static async start(options: MockServerOptions = {}): Promise<MockProviderServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const mock = new MockProviderServer(server, options);
    server.on(
      "request",
      (request: IncomingMessage, response: ServerResponse) => void mock.#serve(request, response),
    );
    return mock;
  }

  /** Every call received with a JSON object body, in order; throttled and refused ones included. */
  get requests(): readonly MockRequest[] {
    return this.#requests;
  }

  /** How many calls the rate limits answered with 429 (scripted throttles are not counted). */
  get throttled(): number {
    return this.#throttled;
  }

  /** Queues replies; each incoming call, on either wire, takes the next one. */
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
    this.#requests.push(recorded);
    const refusal = wire.validate(body);
    if (refusal !== null) {
      const error = wire.error(400, refusal);
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
      promptTokensOf(reply) ?? this.#countTokens(JSON.stringify(promptOf(body))),
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
      response,
      stream: recorded.stream,
      signal,
      headers,
      reportTokens: (tokens) => {
        if (decision?.allowed) decision.entry.tokens = tokens;
      },
    });
  }
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
