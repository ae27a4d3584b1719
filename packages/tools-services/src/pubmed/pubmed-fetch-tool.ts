import {
  AbstractTool,
  ExternalServiceError,
  InvalidInputError,
  unwrap,
  wrapWithContext,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { z } from "zod";
import { serviceStep } from "../http/service-step.js";
import { resolveApiOptions } from "../http/service-tool-options.js";
import { EutilsClient, FETCH_STEP, PUBMED, SEARCH_STEP } from "./eutils-client.js";
import { parsePubMedArticles } from "./parse-pubmed-articles.js";
import { parseSearch } from "./parse-search.js";
import { PubMedArticle } from "./pubmed-article.js";
import { PUBMED_DEFAULTS, type PubMedFetchToolOptions } from "./pubmed-fetch-options.js";
import { checkPubMedRequest } from "./pubmed-request.js";

const PubMedFetchInput = z.object({
  query: z
    .string()
    .optional()
    .describe(
      'A PubMed search, e.g. "solid state electrolyte AND 2023[dp]". Give either query or pmids.',
    ),
  maxResults: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("How many articles a query returns, best match first. Default 10."),
  pmids: z
    .array(z.string())
    .max(200)
    .optional()
    .describe('PubMed ids to fetch, e.g. ["31452104"]. Give either pmids or query.'),
});

const PubMedFetchOutput = z.object({
  articles: z
    .array(PubMedArticle)
    .describe("The articles found, in search rank or in the order the pmids were given."),
});

/** Input of {@link PubMedFetchTool}: either a search or known PMIDs. */
export type PubMedFetchInput = z.infer<typeof PubMedFetchInput>;
/** Output of {@link PubMedFetchTool}. */
export type PubMedFetchOutput = z.infer<typeof PubMedFetchOutput>;

/**
 * `pubmed_fetch`: PubMed articles (title, abstract, journal, year) through NCBI E-utilities,
 * either by search (esearch, then efetch of the ids it ranks) or by PMID (efetch).
 *
 * Outcomes: a query or PMID the model can fix (malformed, refused by the service, no such
 * article) is an `InvalidInputError` naming `query` or `pmids`; a service or network failure,
 * a garbage answer or the time limit an `ExternalServiceError("pubmed", step)`; a 429 a
 * `ThrottleSignal`. The deployment's API key never appears in any of them.
 *
 * @example
 * const tool = new PubMedFetchTool({ apiKey: process.env.NCBI_API_KEY });
 * const { articles } = await new JobDispatcher().submit(tool, { query: "CRISPR base editing", maxResults: 3 });
 */
export class PubMedFetchTool extends AbstractTool<PubMedFetchInput, PubMedFetchOutput> {
  readonly name = "pubmed_fetch";
  override readonly description =
    "Finds PubMed articles by search query, or fetches known ones by PubMed id, and returns each article's id, title, abstract, journal and year.";
  readonly input = PubMedFetchInput;
  readonly output = PubMedFetchOutput;
  override readonly readOnly = true;

  readonly #client: EutilsClient;

  constructor(options: PubMedFetchToolOptions = {}) {
    super();
    this.#client = new EutilsClient({
      ...resolveApiOptions(options, PUBMED_DEFAULTS),
      apiKey: options.apiKey,
      toolName: options.toolName ?? PUBMED_DEFAULTS.toolName,
      email: options.email,
    });
  }

  async execute(
    input: PubMedFetchInput,
    _resources: JobResources,
    context: JobContext,
  ): Promise<PubMedFetchOutput> {
    try {
      const request = checkPubMedRequest(input, PUBMED_DEFAULTS.maxResults);
      return request.kind === "query"
        ? await this.#search(request.query, request.maxResults, context.signal)
        : await this.#fetch(request.pmids, context.signal);
    } catch (error) {
      throw unwrap(error);
    }
  }

  async #search(
    query: string,
    maxResults: number,
    signal: AbortSignal,
  ): Promise<PubMedFetchOutput> {
    // The one step that carries the model's parameter: the search term.
    const answer = await wrapWithContext(
      {
        service: PUBMED,
        step: SEARCH_STEP,
        parameter: "query",
        value: query,
        expected: "a PubMed search the service can run",
      },
      () => this.#client.search(query, maxResults, signal),
    );
    const outcome = parseSearch(answer);
    if (outcome.kind === "refused")
      throw new InvalidInputError({
        parameter: "query",
        value: query,
        expected: "a PubMed search the service can run",
      });
    if (outcome.kind === "unreadable") throw unreadable(SEARCH_STEP);
    if (outcome.ids.length === 0) return { articles: [] };
    // The ids came from the service, not the model: a failure here is never the model's to fix.
    const xml = await serviceStep({ service: PUBMED, step: FETCH_STEP }, () =>
      this.#client.fetchArticles(outcome.ids, signal),
    );
    return { articles: inOrder(readArticles(xml), outcome.ids) };
  }

  async #fetch(pmids: readonly string[], signal: AbortSignal): Promise<PubMedFetchOutput> {
    const value = pmids.join(",");
    // The one step that carries the model's parameter: the PMIDs.
    const xml = await wrapWithContext(
      {
        service: PUBMED,
        step: FETCH_STEP,
        parameter: "pmids",
        value,
        expected: "PubMed ids of existing articles",
      },
      () => this.#client.fetchArticles(pmids, signal),
    );
    const articles = inOrder(readArticles(xml), pmids);
    // NCBI answers unknown ids with an empty set, not a 404: the tool classifies that itself.
    if (articles.length === 0)
      throw new InvalidInputError({
        parameter: "pmids",
        value,
        expected: "PubMed ids of existing articles (none of these was found)",
      });
    return { articles };
  }
}

function readArticles(xml: string): PubMedArticle[] {
  const articles = parsePubMedArticles(xml);
  if (articles === undefined) throw unreadable(FETCH_STEP);
  return articles;
}

/**
 * The articles in the order asked for (search rank, or the model's list). An article under an
 * id that was not asked for (NCBI may answer a merged record under its new PMID) comes last.
 */
function inOrder(articles: readonly PubMedArticle[], ids: readonly string[]): PubMedArticle[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...articles].sort(
    (a, b) => (rank.get(a.pmid) ?? ids.length) - (rank.get(b.pmid) ?? ids.length),
  );
}

function unreadable(step: string): ExternalServiceError {
  return new ExternalServiceError({ service: PUBMED, step, detail: "unreadable answer" });
}
