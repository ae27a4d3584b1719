import type { ApiToolOptions } from "../http/service-tool-options.js";

/**
 * How a deployment configures {@link PubMedFetchTool}. All optional. Defaults: `baseUrl`
 * `https://eutils.ncbi.nlm.nih.gov/entrez/eutils/`, `maxAnswerBytes` 10 MB, `timeoutMs` 20 s
 * for each request (search, fetch).
 */
export interface PubMedFetchToolOptions extends ApiToolOptions {
  /**
   * NCBI API key (raises the rate limit from 3 to 10 requests a second). Sent as `api_key`;
   * never appears in an error, an event or a log.
   */
  readonly apiKey?: string;
  /** NCBI asks callers to name their tool (`tool`). Default `nucleo`. */
  readonly toolName?: string;
  /** A contact address NCBI may use about heavy use (`email`). */
  readonly email?: string;
}

/** @internal The defaults of {@link PubMedFetchToolOptions}. */
export const PUBMED_DEFAULTS = {
  baseUrl: "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/",
  toolName: "nucleo",
  maxAnswerBytes: 10 * 1024 * 1024,
  maxResults: 10,
} as const;
