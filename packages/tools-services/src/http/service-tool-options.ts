import type { FetchFunction } from "./fetch-function.js";

/** What every service tool's options hold: the HTTP client, the time limit and the clock. */
export interface ServiceToolOptions {
  /** The HTTP client. Default: the global `fetch` (`WebFetchTool`: its own pinned transport). */
  readonly fetch?: FetchFunction;
  /**
   * The time limit in milliseconds, the answer's body included: per request for an API tool
   * (PubMed, EPO), for the whole call with every redirect for `WebFetchTool`. Default 20 s.
   */
  readonly timeoutMs?: number;
  /** Epoch milliseconds, for token expiry and `Retry-After` dates. Default `Date.now`. */
  readonly now?: () => number;
}

/** What the options of a tool that calls one API hold besides: where it is and how much of an answer to read. */
export interface ApiToolOptions extends ServiceToolOptions {
  /** The API's base URL. Default: the service's public endpoint (each tool's options name it). */
  readonly baseUrl?: string;
  /** The largest answer read, in bytes; a larger one is the service's failure. */
  readonly maxAnswerBytes?: number;
}

/** {@link ApiToolOptions} with every default applied: what an API tool's clients take. */
export type ResolvedApiOptions = {
  readonly [Key in keyof ApiToolOptions]-?: Exclude<ApiToolOptions[Key], undefined>;
};

/** @internal The time limit every service tool defaults to. */
export const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Applies the defaults shared by every API tool (global `fetch`, 20 s, `Date.now`) and the
 * tool's own (`baseUrl`, `maxAnswerBytes`) to the options a deployment gave.
 *
 * @internal
 */
export function resolveApiOptions(
  options: ApiToolOptions,
  defaults: Pick<ResolvedApiOptions, "baseUrl" | "maxAnswerBytes">,
): ResolvedApiOptions {
  return {
    fetch: options.fetch ?? globalThis.fetch,
    baseUrl: options.baseUrl ?? defaults.baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAnswerBytes: options.maxAnswerBytes ?? defaults.maxAnswerBytes,
    now: options.now ?? Date.now,
  };
}
