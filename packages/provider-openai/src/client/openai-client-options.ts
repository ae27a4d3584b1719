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
   * `promptCache` is not `"off"` get the request's `prompt_cache_key` (and
   * `prompt_cache_retention: "24h"` when their lifetime is `24h`). `false` sends neither,
   * whatever the entries say (some compliance envelopes forbid caching). OpenAI still caches
   * long prompts by itself; this only stops Nucleo asking for it.
   */
  readonly promptCache?: boolean;
}
