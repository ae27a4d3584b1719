import type { FetchFunction } from "../http/fetch-function.js";

/** How a deployment configures {@link PubMedFetchTool}. All optional. */
export interface PubMedFetchToolOptions {
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: FetchFunction;
  /** E-utilities base URL. Default `https://eutils.ncbi.nlm.nih.gov/entrez/eutils/`. */
  readonly baseUrl?: string;
  /**
   * NCBI API key (raises the rate limit from 3 to 10 requests a second). Sent as `api_key`;
   * never appears in an error, an event or a log.
   */
  readonly apiKey?: string;
  /** NCBI asks callers to name their tool (`tool`). Default `nucleo`. */
  readonly toolName?: string;
  /** A contact address NCBI may use about heavy use (`email`). */
  readonly email?: string;
  /** The limit for each request (search, fetch), body included, in milliseconds. Default 20 s. */
  readonly timeoutMs?: number;
  /** The largest answer read, in bytes. Default 10 MB. */
  readonly maxAnswerBytes?: number;
  /** Epoch milliseconds, for `Retry-After` dates. Default `Date.now`. */
  readonly now?: () => number;
}

/** @internal The defaults of {@link PubMedFetchToolOptions}. */
export const PUBMED_DEFAULTS = {
  baseUrl: "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/",
  toolName: "nucleo",
  timeoutMs: 20_000,
  maxAnswerBytes: 10 * 1024 * 1024,
  maxResults: 10,
} as const;
