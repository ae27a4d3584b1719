import {
  ExternalServiceError,
  InvalidInputError,
  JobDispatcher,
  SystemError,
  type ThrottleSignal,
} from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { EUTILS_PATH, echoingKey, fakeNcbi } from "../test-support/fake-ncbi.js";
import {
  fixtureServerPerTest,
  neverAnswer,
  refusingOrigin,
  reply,
  streamForever,
  type FixtureHandler,
} from "../test-support/fixture-server.js";
import { failureOf } from "../test-support/outcome.js";
import type { PubMedFetchToolOptions } from "./pubmed-fetch-options.js";
import { PubMedFetchTool, type PubMedFetchInput } from "./pubmed-fetch-tool.js";

const server = fixtureServerPerTest(fakeNcbi);
const dispatcher = new JobDispatcher();

function tool(options: PubMedFetchToolOptions = {}): PubMedFetchTool {
  return new PubMedFetchTool({ baseUrl: `${server.origin}${EUTILS_PATH}`, ...options });
}

function run(input: PubMedFetchInput, options?: PubMedFetchToolOptions) {
  return dispatcher.submit(tool(options), input);
}

function paramsOf(index: number): URLSearchParams {
  return new URL(server.requests[index]!.path, "http://fixture").searchParams;
}

/** Answers esearch with `onSearch` and efetch like NCBI. */
function searchAnswers(onSearch: FixtureHandler): void {
  server.answer((request, response) =>
    request.path.includes("esearch.fcgi")
      ? onSearch(request, response)
      : fakeNcbi(request, response),
  );
}

/** Answers efetch with `onFetch` and esearch like NCBI. */
function fetchAnswers(onFetch: FixtureHandler): void {
  server.answer((request, response) =>
    request.path.includes("efetch.fcgi") ? onFetch(request, response) : fakeNcbi(request, response),
  );
}

describe("pubmed_fetch: success", () => {
  it("a query searches (esearch, JSON) and fetches the ranked ids (efetch, XML abstracts)", async () => {
    const { articles } = await run(
      { query: "solid state electrolyte AND 2023[dp]", maxResults: 2 },
      { apiKey: "test-key", email: "ops@example.org" },
    );
    expect(articles.map((article) => article.pmid)).toEqual(["38012345", "37654321"]);
    expect(articles[0]).toMatchObject({ journal: "Nature", year: 2023 });
    expect(Object.fromEntries(paramsOf(0))).toEqual({
      db: "pubmed",
      term: "solid state electrolyte AND 2023[dp]",
      retmode: "json",
      retmax: "2",
      sort: "relevance",
      tool: "nucleo",
      email: "ops@example.org",
      api_key: "test-key",
    });
    expect(Object.fromEntries(paramsOf(1))).toMatchObject({
      db: "pubmed",
      id: "38012345,37654321",
      rettype: "abstract",
      retmode: "xml",
      api_key: "test-key",
    });
  });

  it("pmids are fetched directly and returned in the order given", async () => {
    const { articles } = await run({ pmids: ["37654321", "38012345"] });
    expect(articles.map((article) => article.pmid)).toEqual(["37654321", "38012345"]);
    expect(server.requests).toHaveLength(1);
    expect(paramsOf(0).get("api_key")).toBeNull();
  });

  it("a search with no hits returns no articles without an efetch", async () => {
    searchAnswers((_request, response) =>
      reply(response, 200, JSON.stringify({ esearchresult: { count: "0", idlist: [] } }), {
        "content-type": "application/json",
      }),
    );
    expect(await run({ query: "xyzzyplugh" })).toEqual({ articles: [] });
    expect(server.requests).toHaveLength(1);
  });
});

describe("pubmed_fetch: the tool's own validation, before any request", () => {
  it("a pmid that is not digits is refused naming its position and value", async () => {
    const error = await failureOf(run({ pmids: ["38012345", "PMC123"] }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "pmids[1]", value: "PMC123" });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ["neither query nor pmids", {}, "query"],
    ["both query and pmids", { query: "x", pmids: ["1"] }, "pmids"],
    ["a blank query", { query: "   " }, "query"],
    ["an empty pmids list", { pmids: [] }, "pmids"],
  ])("%s is refused", async (_case, input, parameter) => {
    const error = await failureOf(run(input));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter });
    expect(server.requests).toHaveLength(0);
  });
});

describe("pubmed_fetch: correctable failures name the parameter and its value", () => {
  it("a 400 on the search is an InvalidInputError naming query", async () => {
    searchAnswers((_request, response) => reply(response, 400, "Bad Request"));
    const error = await failureOf(run({ query: "title[[[" }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "query", value: "title[[[" });
    expect(error.message).toContain("title[[[");
  });

  it("a search the service refuses (ERROR in a 200 answer) is an InvalidInputError naming query", async () => {
    searchAnswers((_request, response) =>
      reply(
        response,
        200,
        '{"header":{"type":"esearch","version":"0.3"},"esearchresult":{"ERROR":"Invalid query"}}',
      ),
    );
    expect(await failureOf(run({ query: "AND OR" }))).toMatchObject({
      parameter: "query",
      value: "AND OR",
    });
  });

  it("a 400 on a pmids fetch is an InvalidInputError naming pmids", async () => {
    fetchAnswers((_request, response) => reply(response, 400, "Bad Request"));
    const error = await failureOf(run({ pmids: ["999999999"] }));
    expect(error).toMatchObject({ parameter: "pmids", value: "999999999" });
  });

  it("pmids of which none exists (an empty set, NCBI's answer) are an InvalidInputError naming pmids", async () => {
    const error = await failureOf(run({ pmids: ["999999999", "999999998"] }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "pmids", value: "999999999,999999998" });
  });
});

describe("pubmed_fetch: uncorrectable failures name the service and step", () => {
  it("a 500 on the search is ExternalServiceError('pubmed', 'search'), never SystemError('internal')", async () => {
    searchAnswers((_request, response) => reply(response, 500, "Internal Server Error"));
    const error = await failureOf(run({ query: "x" }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(SystemError.isInstance(error)).toBe(false);
    expect(error.message).toBe('The pubmed service failed during "search": HTTP 500.');
  });

  it("a 400 on the efetch after a search is not the model's to fix: the ids came from the service", async () => {
    fetchAnswers((_request, response) => reply(response, 400, "Bad Request"));
    const error = await failureOf(run({ query: "x" }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "pubmed", step: "fetch articles" });
  });

  it("a refused connection is ExternalServiceError('pubmed', 'search')", async () => {
    const error = await failureOf(
      dispatcher.submit(new PubMedFetchTool({ baseUrl: `${await refusingOrigin()}/` }), {
        query: "x",
      }),
    );
    expect(error).toMatchObject({ service: "pubmed", step: "search" });
    expect(ExternalServiceError.isInstance(error)).toBe(true);
  });

  it("an API key NCBI refuses (HTTP 400) is the deployment's problem, not the model's query", async () => {
    searchAnswers((request, response) =>
      reply(response, 400, echoingKey("pubmed-api-key-invalid.json", request.path), {
        "content-type": "application/json",
      }),
    );
    const error = await failureOf(run({ query: "x" }, { apiKey: "wrong-key" }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'The pubmed service failed during "search": the deployment\'s API key was refused.',
    );
  });

  it("a 429 is a ThrottleSignal; out of retries the job fails as the pubmed service's error", async () => {
    searchAnswers((request, response) =>
      reply(response, 429, echoingKey("pubmed-rate-limited.json", request.path), {
        "retry-after": "1",
      }),
    );
    const error = await failureOf(
      new JobDispatcher({ throttle: { maxThrottles: 0 } }).submit(tool({ apiKey: "k" }), {
        query: "x",
      }),
    );
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "pubmed" });
    expect((error.cause as ThrottleSignal).retryAfterMs).toBe(1_000);
  });
});

describe("pubmed_fetch: garbage and limits end in a clear, bounded outcome", () => {
  it("a search answer that is not JSON is an unreadable answer of the search step", async () => {
    searchAnswers((_request, response) =>
      reply(response, 200, "<html><body>Service Temporarily Unavailable</body></html>", {
        "content-type": "text/html",
      }),
    );
    expect((await failureOf(run({ query: "x" }))).message).toBe(
      'The pubmed service failed during "search": unreadable answer.',
    );
  });

  it("an efetch answer that is not a PubmedArticleSet is an unreadable answer of the fetch step", async () => {
    fetchAnswers((_request, response) =>
      reply(response, 200, "<PubmedArticleSet><PubmedArticle><MedlineCitation>", {
        "content-type": "text/xml",
      }),
    );
    expect((await failureOf(run({ pmids: ["38012345"] }))).message).toBe(
      'The pubmed service failed during "fetch articles": unreadable answer.',
    );
  });

  it("a server that never answers ends at the time limit", async () => {
    server.answer(neverAnswer);
    const error = await failureOf(run({ query: "x" }, { timeoutMs: 200 }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'The pubmed service failed during "search": no complete answer within 200 ms.',
    );
  });

  it("an answer past maxAnswerBytes stops there", async () => {
    fetchAnswers((_request, response) => streamForever(response, "text/xml"));
    const error = await failureOf(run({ pmids: ["38012345"] }, { maxAnswerBytes: 32 * 1024 }));
    expect(error.message).toBe(
      'The pubmed service failed during "fetch articles": answer larger than 32768 bytes.',
    );
  });
});
