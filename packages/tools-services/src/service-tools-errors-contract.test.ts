// ErrorsHierarchyContract for the service tools: the three outcomes, pinned once for every
// service tool in one table. A new service tool joins by adding a row.
import {
  ExternalServiceError,
  InvalidInputError,
  JobDispatcher,
  SystemError,
  ThrottleSignal,
  type JobDispatcherOptions,
} from "@nucleo/core";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EPOClaimsTool } from "./epo/epo-claims-tool.js";
import { PubMedFetchTool } from "./pubmed/pubmed-fetch-tool.js";
import { EUTILS_PATH, fakeNcbi } from "./test-support/fake-ncbi.js";
import { FakeOps } from "./test-support/fake-ops.js";
import {
  FixtureServer,
  fixture,
  refusingOrigin,
  reply,
  type FixtureHandler,
} from "./test-support/fixture-server.js";
import { failureOf } from "./test-support/outcome.js";
import { WebFetchTool } from "./web/web-fetch-tool.js";

/** A fault the server injects into the request that carries the model's parameter. */
type Fault = (response: ServerResponse) => void;

interface ServiceToolRow {
  readonly tool: string;
  readonly service: string;
  /** The step that carries the model's parameter. */
  readonly step: string;
  /** The parameter as the model knows it, and the value the calls below send. */
  readonly parameter: string;
  readonly value: string;
  /** Answers like the real service. */
  readonly answer: FixtureHandler;
  /** A broken answer to the parameter's request: one the service should never send. */
  readonly garbage: Fault;
  /** Whether a request is the one that carries the model's parameter. */
  readonly carriesParameter: (path: string) => boolean;
  /** Submits a valid call against `origin`. */
  readonly call: (dispatcher: JobDispatcher, origin: string) => Promise<unknown>;
  /** Submits a call the tool's own validation refuses, and the parameter it names. */
  readonly invalid: (dispatcher: JobDispatcher, origin: string) => Promise<unknown>;
  readonly invalidParameter: string;
}

const ops = new FakeOps({ consumerKey: "contract-key", consumerSecret: "contract-secret" });
const epo = (origin: string) =>
  new EPOClaimsTool({
    consumerKey: "contract-key",
    consumerSecret: "contract-secret",
    baseUrl: origin,
  });
const pubmed = (origin: string) => new PubMedFetchTool({ baseUrl: `${origin}${EUTILS_PATH}` });
const web = () => new WebFetchTool({ allowPrivateNetworks: true });

const ROWS: readonly ServiceToolRow[] = [
  {
    tool: "web_fetch",
    service: "web",
    step: "fetch page",
    parameter: "url",
    value: "/contract/page",
    answer: (_request, response) =>
      reply(response, 200, fixture("web-article.html"), { "content-type": "text/html" }),
    // Any HTML is a page to web_fetch; what is broken at its level is a redirect to nowhere.
    garbage: (response) => reply(response, 302, ""),
    carriesParameter: () => true,
    call: (dispatcher, origin) => dispatcher.submit(web(), { url: `${origin}/contract/page` }),
    invalid: (dispatcher) => dispatcher.submit(web(), { url: "not a url" }),
    invalidParameter: "url",
  },
  {
    tool: "pubmed_fetch",
    service: "pubmed",
    step: "search",
    parameter: "query",
    value: "solid state electrolyte",
    answer: fakeNcbi,
    garbage: (response) =>
      reply(response, 200, "<html><body>Service Temporarily Unavailable</body></html>", {
        "content-type": "text/html",
      }),
    carriesParameter: (path) => path.includes("esearch.fcgi"),
    call: (dispatcher, origin) =>
      dispatcher.submit(pubmed(origin), { query: "solid state electrolyte" }),
    invalid: (dispatcher, origin) => dispatcher.submit(pubmed(origin), { pmids: ["not-digits"] }),
    invalidParameter: "pmids[0]",
  },
  {
    tool: "epo_claims",
    service: "epo-ops",
    step: "fetch claims",
    parameter: "publication_number",
    value: "EP1000000",
    answer: ops.handler,
    garbage: (response) =>
      reply(
        response,
        200,
        '<ops:world-patent-data xmlns:ops="http://ops.epo.org"><claims lang="EN">',
        { "content-type": "application/xml" },
      ),
    carriesParameter: (path) => path.endsWith("/claims"),
    call: (dispatcher, origin) =>
      dispatcher.submit(epo(origin), { publicationNumber: "EP1000000" }),
    invalid: (dispatcher, origin) =>
      dispatcher.submit(epo(origin), { publicationNumber: "WO2020123456" }),
    invalidParameter: "publication_number",
  },
];

let server: FixtureServer;
let row: ServiceToolRow;
let fault: Fault | undefined;

beforeAll(async () => {
  server = await FixtureServer.start((request, response) =>
    fault !== undefined && row.carriesParameter(request.path)
      ? fault(response)
      : row.answer(request, response),
  );
});
afterAll(async () => {
  await server.close();
});

function outcome(
  current: ServiceToolRow,
  injected: Fault | undefined,
  options?: JobDispatcherOptions,
): Promise<Error> {
  row = current;
  fault = injected;
  return failureOf(current.call(new JobDispatcher(options), server.origin));
}

describe.each(ROWS)("the three outcomes of $tool (ErrorsHierarchyContract)", (current) => {
  it("succeeds against an answer shaped like the real service's", async () => {
    row = current;
    fault = undefined;
    await expect(current.call(new JobDispatcher(), server.origin)).resolves.toBeDefined();
  });

  it.each([404, 400])(
    "a %i is an InvalidInputError naming the parameter as the model knows it, and its value",
    async (status) => {
      const error = await outcome(current, (response) => reply(response, status, "refused"));
      expect(InvalidInputError.isInstance(error)).toBe(true);
      expect((error as InvalidInputError).parameter).toBe(current.parameter);
      expect((error as InvalidInputError).value).toContain(current.value);
      expect(error.message).toContain(`"${current.parameter}"`);
    },
  );

  it("a 500 is an ExternalServiceError naming the service and step, never SystemError('internal')", async () => {
    const error = await outcome(current, (response) => reply(response, 500, "broken"));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(SystemError.isInstance(error)).toBe(false);
    expect(error).toMatchObject({ service: current.service, step: current.step });
  });

  it("a broken answer is an ExternalServiceError naming the service and step", async () => {
    const error = await outcome(current, current.garbage);
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: current.service, step: current.step });
  });

  it("a refused connection is an ExternalServiceError of the service, never SystemError('internal')", async () => {
    row = current;
    const error = await failureOf(current.call(new JobDispatcher(), await refusingOrigin()));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: current.service });
  });

  it("a 429 passes through both wraps as a ThrottleSignal the dispatcher consumes", async () => {
    const error = await outcome(
      current,
      (response) => reply(response, 429, "", { "retry-after": "2" }),
      { throttle: { maxThrottles: 0 } },
    );
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: current.service });
    expect(ThrottleSignal.isInstance(error.cause)).toBe(true);
    expect((error.cause as ThrottleSignal).retryAfterMs).toBe(2_000);
  });

  it("the tool's own validation refuses before any request, naming the parameter", async () => {
    row = current;
    fault = undefined;
    const before = server.requests.length;
    const error = await failureOf(current.invalid(new JobDispatcher(), server.origin));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).parameter).toBe(current.invalidParameter);
    expect(server.requests.length).toBe(before);
  });
});
