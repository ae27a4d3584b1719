import type { ClientOptions } from "openai";

/**
 * How an {@link OpenAiClient} reaches its servers.
 *
 * @example
 * new OpenAiClient({ apiKey: process.env.OPENAI_API_KEY, timeoutMs: 120_000 });
 */
export interface OpenAiClientOptions {
  /**
   * The OpenAI key, for entries whose provider is `openai`. Default: the `OPENAI_API_KEY`
   * environment variable, read once at construction. Without either, the first call on such
   * an entry fails naming the variable; entries of `openai-compatible` servers still work.
   */
  readonly apiKey?: string;
  /**
   * The server of `openai` entries that name no `baseUrl` of their own (a proxy or a regional
   * endpoint). Default: the SDK's (`OPENAI_BASE_URL`, else `https://api.openai.com/v1`).
   */
  readonly baseURL?: string;
  /**
   * Keys of `openai-compatible` servers, by the entry's `baseUrl` exactly as the catalog
   * writes it. A server without one gets a placeholder (local servers ignore keys): the OpenAI
   * key is never sent to another host unless it is listed here.
   */
  readonly compatibleApiKeys?: Readonly<Record<string, string>>;
  /** The `fetch` the SDK uses. Default: the global one. */
  readonly fetch?: ClientOptions["fetch"];
  /** How long one request may take, in milliseconds. Default: the SDK's (10 minutes). */
  readonly timeoutMs?: number;
  /**
   * The deployment's switch for prompt caching. Default `true`: `openai` entries whose
   * `promptCache` is not `"off"` get the request's `prompt_cache_key` and the retention of
   * their lifetime (`5m` → `prompt_cache_retention: "in_memory"`, `24h` → `"24h"`). `false`
   * sends no key and `in_memory` retention, whatever the entries say (some compliance
   * envelopes forbid caching): the least OpenAI allows, since its in-memory cache cannot be
   * turned off. Compatible servers get neither field either way.
   */
  readonly promptCache?: boolean;
  /**
   * Whether reasoning models on the Responses API are asked for a summary of their reasoning
   * (`reasoning.summary: "auto"`), which comes back as the thinking parts' text. Default
   * `false`: OpenAI refuses the request (400 on `reasoning.summary`) for organisations it has
   * not verified. Turn it on once the organisation is verified. Without it the reasoning still
   * goes from turn to turn, encrypted; only its readable summary is missing.
   */
  readonly reasoningSummaries?: boolean;
}
