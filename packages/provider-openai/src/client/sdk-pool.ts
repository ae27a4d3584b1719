import { SystemError } from "@nucleo/core";
import type { CatalogEntry } from "@nucleo/catalog";
import OpenAI from "openai";
import type { OpenAiClientOptions } from "./openai-client-options.js";

/** What a call on one entry goes through: the SDK instance and the service errors name. */
export interface SdkTarget {
  readonly sdk: OpenAI;
  /** `openai`, or `openai-compatible` for the servers that speak its dialect. */
  readonly service: string;
}

// Compatible servers that need no key still need a non-empty one for the SDK to send a request.
const NO_KEY = "no-key";

/**
 * One SDK instance per provider and base URL, made on first use. Keys stay in private fields
 * so that logging a client never prints one.
 *
 * @internal
 */
export class SdkPool {
  readonly #options: OpenAiClientOptions;
  readonly #openAiKey: string | undefined;
  readonly #targets = new Map<string, SdkTarget>();

  constructor(options: OpenAiClientOptions) {
    this.#options = options;
    const key = options.apiKey ?? process.env.OPENAI_API_KEY;
    this.#openAiKey = key === undefined || key.trim() === "" ? undefined : key;
  }

  /** The SDK instance for `entry`'s server; refuses entries this client cannot serve. */
  targetFor(entry: CatalogEntry): SdkTarget {
    if (entry.provider === "anthropic") {
      throw new SystemError({
        code: "configuration",
        message: `Entry "${entry.id}" is an Anthropic model; the OpenAI client cannot call it.`,
      });
    }
    const baseURL =
      entry.baseUrl ?? (entry.provider === "openai" ? this.#options.baseURL : undefined);
    const cacheKey = `${entry.provider} ${baseURL ?? "(default)"}`;
    const known = this.#targets.get(cacheKey);
    if (known) return known;
    const target = { sdk: this.#create(entry, baseURL), service: entry.provider };
    this.#targets.set(cacheKey, target);
    return target;
  }

  #create(entry: CatalogEntry, baseURL: string | undefined): OpenAI {
    const compatible = entry.provider === "openai-compatible";
    const apiKey = compatible
      ? ((baseURL === undefined ? undefined : this.#options.compatibleApiKeys?.[baseURL]) ?? NO_KEY)
      : this.#openAiKey;
    if (apiKey === undefined) {
      throw new SystemError({
        code: "configuration",
        message: `No OpenAI API key for entry "${entry.id}": set the OPENAI_API_KEY environment variable or pass { apiKey } to OpenAiClient.`,
      });
    }
    return new OpenAI({
      apiKey,
      ...(baseURL === undefined ? {} : { baseURL }),
      ...(this.#options.fetch === undefined ? {} : { fetch: this.#options.fetch }),
      ...(this.#options.timeoutMs === undefined ? {} : { timeout: this.#options.timeoutMs }),
      // The dispatcher owns retries: it knows the seat, the budget and the retry-after.
      maxRetries: 0,
      // Our errors are the interface; the SDK's own console lines would bypass their scrubbing.
      logLevel: "off",
      // A third-party server gets none of the OpenAI account's identifiers from the environment.
      ...(compatible
        ? { organization: null, project: null, adminAPIKey: null, webhookSecret: null }
        : {}),
    });
  }
}
