import { ExternalServiceError } from "@nucleo/core";
import { checkResponse } from "../http/check-response.js";
import { HttpStatusError } from "../http/http-status-error.js";
import { readAnswerText } from "../http/read-answer-text.js";
import { readBodyLimited } from "../http/read-body.js";
import { sendRequest } from "../http/send-request.js";
import type { ResolvedApiOptions } from "../http/service-tool-options.js";
import { withTimeLimit } from "../http/time-limit.js";

/** What the client needs; resolved from the tool's options. */
export interface EutilsClientOptions extends ResolvedApiOptions {
  readonly apiKey: string | undefined;
  readonly toolName: string;
  readonly email: string | undefined;
}

/** The service name every PubMed outcome carries. */
export const PUBMED = "pubmed";
/** The search step (esearch). */
export const SEARCH_STEP = "search";
/** The fetch step (efetch). */
export const FETCH_STEP = "fetch articles";

/** How much of an error body is read to recognise NCBI's "API key invalid" answer. */
const ERROR_BODY_BYTES = 16 * 1024;

/**
 * NCBI E-utilities over HTTP: esearch and efetch for `db=pubmed`. Each request runs under the
 * job's signal and its own time limit, and throws for what it cannot use (429 as a throttle,
 * other statuses as `HttpStatusError`, network failures as `RequestFailedError`), for the tool
 * to classify. The API key travels only in the request URL: no error this client throws
 * carries the URL, a header or a body.
 *
 * @internal
 */
export class EutilsClient {
  readonly #options: EutilsClientOptions;

  constructor(options: EutilsClientOptions) {
    this.#options = options;
  }

  /** esearch: the answer text (JSON) for `term`, at most `maxResults` ids, best match first. */
  search(term: string, maxResults: number, signal: AbortSignal): Promise<string> {
    return this.#get(
      "esearch.fcgi",
      SEARCH_STEP,
      { db: "pubmed", term, retmode: "json", retmax: String(maxResults), sort: "relevance" },
      signal,
    );
  }

  /** efetch: the answer text (XML, a `PubmedArticleSet`) for `ids`. */
  fetchArticles(ids: readonly string[], signal: AbortSignal): Promise<string> {
    return this.#get(
      "efetch.fcgi",
      FETCH_STEP,
      { db: "pubmed", id: ids.join(","), rettype: "abstract", retmode: "xml" },
      signal,
    );
  }

  #get(
    endpoint: string,
    step: string,
    parameters: Record<string, string>,
    signal: AbortSignal,
  ): Promise<string> {
    const options = this.#options;
    return withTimeLimit(
      { signal, timeoutMs: options.timeoutMs, service: PUBMED, step },
      async (limited) => {
        const response = await sendRequest(options.fetch, this.#url(endpoint, parameters), {
          method: "GET",
          // An API that redirects is misconfigured, and following would carry the api_key elsewhere.
          redirect: "error",
          signal: limited,
          headers: { accept: "application/json, application/xml" },
        });
        if (response.status === 400 && options.apiKey !== undefined) {
          // A bad key is the deployment's problem, not the model's query: never a correctable 400.
          if (await refusesApiKey(response, limited))
            throw new ExternalServiceError({
              service: PUBMED,
              step,
              detail: "the deployment's API key was refused",
            });
          throw new HttpStatusError(400);
        }
        await checkResponse(response, { service: PUBMED, now: options.now() });
        return readAnswerText(response, {
          maxBytes: options.maxAnswerBytes,
          signal: limited,
          service: PUBMED,
          step,
        });
      },
    );
  }

  #url(endpoint: string, parameters: Record<string, string>): URL {
    const { apiKey, toolName, email, baseUrl } = this.#options;
    const url = new URL(endpoint, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
    const search = new URLSearchParams(parameters);
    search.set("tool", toolName);
    if (email !== undefined) search.set("email", email);
    if (apiKey !== undefined) search.set("api_key", apiKey);
    url.search = search.toString();
    return url;
  }
}

/** NCBI answers a bad key with HTTP 400 and `{"error":"API key invalid","api-key":"<the key>",...}`. */
async function refusesApiKey(response: Response, signal: AbortSignal): Promise<boolean> {
  const body = await readBodyLimited(response, ERROR_BODY_BYTES, signal).catch(() => undefined);
  if (body === undefined || !body.complete) return false;
  // Only recognised, never quoted: the body echoes the key.
  const text = new TextDecoder().decode(body.bytes);
  return /"api-key"\s*:/.test(text) || /api key/i.test(text);
}
