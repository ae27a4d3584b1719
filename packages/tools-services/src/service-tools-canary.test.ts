// CANARY: the deployment's secrets (NCBI api key, EPO consumer key and secret, the OPS access
// token) never reach an error or a run event, whatever fails. Every secret is set to a canary,
// the fixture services echo them back in their error bodies (NCBI and OPS really do), every
// error kind is provoked, and every rendering of the error and of every event is searched.
import { JobDispatcher, LLMReadableError, type AbstractJob, type RunEvent } from "@nucleo/core";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EPOClaimsTool } from "./epo/epo-claims-tool.js";
import { PubMedFetchTool } from "./pubmed/pubmed-fetch-tool.js";
import { EUTILS_PATH, echoingKey, fakeNcbi } from "./test-support/fake-ncbi.js";
import { FakeOps } from "./test-support/fake-ops.js";
import {
  FixtureServer,
  neverAnswer,
  refusingOrigin,
  reply,
  streamForever,
  type FixtureHandler,
} from "./test-support/fixture-server.js";
import { failureOf } from "./test-support/outcome.js";

const NCBI_KEY = "CANARY-ncbi-api-key-7f3a9e";
const EPO_KEY = "CANARY-epo-consumer-key-2b81c4";
const EPO_SECRET = "CANARY-epo-consumer-secret-d94e07";
const TOKEN = "CANARY-ops-access-token-5c3f1a";
const CANARIES = [
  NCBI_KEY,
  EPO_KEY,
  EPO_SECRET,
  TOKEN,
  Buffer.from(`${EPO_KEY}:${EPO_SECRET}`).toString("base64"),
];

let server: FixtureServer;
let origin: string;
let refused: string;
const ops = new FakeOps({
  consumerKey: EPO_KEY,
  consumerSecret: EPO_SECRET,
  accessToken: () => TOKEN,
});

beforeAll(async () => {
  server = await FixtureServer.start(fakeNcbi);
  origin = server.origin;
  refused = await refusingOrigin();
});
afterAll(async () => {
  await server.close();
});

/** Echoes every secret the request carried: the hostile case of a service quoting its input. */
function echoAll(status: number, headers: Record<string, string> = {}): FixtureHandler {
  return (request, response) =>
    reply(
      response,
      status,
      `${request.path} ${request.headers.authorization ?? ""} ${echoingKey("pubmed-rate-limited.json", request.path)}`,
      headers,
    );
}

const ncbi = (options: { timeoutMs?: number; maxAnswerBytes?: number; baseUrl?: string } = {}) =>
  new PubMedFetchTool({ apiKey: NCBI_KEY, baseUrl: `${origin}${EUTILS_PATH}`, ...options });
const epo = (options: { timeoutMs?: number; maxAnswerBytes?: number; baseUrl?: string } = {}) =>
  new EPOClaimsTool({
    consumerKey: EPO_KEY,
    consumerSecret: EPO_SECRET,
    baseUrl: origin,
    ...options,
  });

const onSearch =
  (handler: FixtureHandler): FixtureHandler =>
  (request, response) =>
    request.path.includes("esearch") ? handler(request, response) : fakeNcbi(request, response);
const onFetch =
  (handler: FixtureHandler): FixtureHandler =>
  (request, response) =>
    request.path.includes("efetch") ? handler(request, response) : fakeNcbi(request, response);
const onToken =
  (handler: FixtureHandler): FixtureHandler =>
  (request, response) =>
    request.path.endsWith("/accesstoken")
      ? handler(request, response)
      : ops.handler(request, response);
const onClaims =
  (handler: FixtureHandler): FixtureHandler =>
  (request, response) =>
    request.path.endsWith("/claims") ? handler(request, response) : ops.handler(request, response);

interface Scenario {
  readonly name: string;
  readonly answer: FixtureHandler;
  readonly job: () => AbstractJob<unknown, unknown>;
  readonly input: unknown;
  readonly maxThrottles?: number;
}

const query = { query: "solid state electrolyte" };
const pmids = { pmids: ["38012345"] };
const number = { publicationNumber: "EP1000000" };
const as = <TInput, TOutput>(tool: AbstractJob<TInput, TOutput>) =>
  tool as unknown as AbstractJob<unknown, unknown>;

const SCENARIOS: readonly Scenario[] = [
  {
    name: "pubmed: search 400 echoing the key",
    answer: onSearch(echoAll(400)),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: search 404 echoing the key",
    answer: onSearch(echoAll(404)),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: search 500 echoing the key",
    answer: onSearch(echoAll(500)),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: search 429 echoing the key",
    answer: onSearch(echoAll(429, { "retry-after": "1" })),
    job: () => as(ncbi()),
    input: query,
    maxThrottles: 0,
  },
  {
    name: "pubmed: API key refused",
    answer: onSearch((request, response) =>
      reply(response, 400, echoingKey("pubmed-api-key-invalid.json", request.path)),
    ),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: search garbage echoing the key",
    answer: onSearch(echoAll(200)),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: search redirect echoing the key",
    answer: onSearch((request, response) =>
      reply(response, 302, "", { location: `http://127.0.0.1:1${request.path}` }),
    ),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: efetch 500 after a search",
    answer: onFetch(echoAll(500)),
    job: () => as(ncbi()),
    input: query,
  },
  {
    name: "pubmed: efetch garbage echoing the key",
    answer: onFetch(echoAll(200)),
    job: () => as(ncbi()),
    input: pmids,
  },
  {
    name: "pubmed: efetch 400 on pmids",
    answer: onFetch(echoAll(400)),
    job: () => as(ncbi()),
    input: pmids,
  },
  {
    name: "pubmed: unknown pmids",
    answer: fakeNcbi,
    job: () => as(ncbi()),
    input: { pmids: ["999999999"] },
  },
  {
    name: "pubmed: a pmid that is not digits",
    answer: fakeNcbi,
    job: () => as(ncbi()),
    input: { pmids: ["x1"] },
  },
  {
    name: "pubmed: time limit",
    answer: neverAnswer,
    job: () => as(ncbi({ timeoutMs: 200 })),
    input: query,
  },
  {
    name: "pubmed: answer too large",
    answer: onFetch((_request, response) => streamForever(response, "text/xml")),
    job: () => as(ncbi({ maxAnswerBytes: 16_384 })),
    input: pmids,
  },
  {
    name: "pubmed: connection refused",
    answer: fakeNcbi,
    job: () => as(ncbi({ baseUrl: `${refused}${EUTILS_PATH}` })),
    input: query,
  },
  {
    name: "epo: token 401 echoing the credentials",
    answer: onToken(echoAll(401)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token 403 echoing the credentials",
    answer: onToken(echoAll(403)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token 400 echoing the credentials",
    answer: onToken(echoAll(400)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token 500 echoing the credentials",
    answer: onToken(echoAll(500)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token 429",
    answer: onToken(echoAll(429)),
    job: () => as(epo()),
    input: number,
    maxThrottles: 0,
  },
  {
    name: "epo: token garbage quoting the key and a token",
    answer: onToken((_request, response) =>
      reply(
        response,
        200,
        `{"client_id":"${EPO_KEY}","access_token":${JSON.stringify(TOKEN)},"expires_in":"never"`,
      ),
    ),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token redirect",
    answer: onToken((_request, response) =>
      reply(response, 307, "", { location: "http://127.0.0.1:1/steal" }),
    ),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: token time limit",
    answer: onToken(neverAnswer),
    job: () => as(epo({ timeoutMs: 200 })),
    input: number,
  },
  {
    name: "epo: claims 404",
    answer: ops.handler,
    job: () => as(epo()),
    input: { publicationNumber: "EP9999999" },
  },
  {
    name: "epo: claims 400 echoing the token",
    answer: onClaims(echoAll(400)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: claims 401 twice echoing the token",
    answer: onClaims(echoAll(401)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: claims 500 echoing the token",
    answer: onClaims(echoAll(500)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: claims 429 echoing the token",
    answer: onClaims(echoAll(429, { "retry-after": "5" })),
    job: () => as(epo()),
    input: number,
    maxThrottles: 0,
  },
  {
    name: "epo: claims garbage echoing the token",
    answer: onClaims(echoAll(200)),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: claims without any claims",
    answer: onClaims((_request, response) =>
      reply(response, 200, `<ops:world-patent-data xmlns:ops="x">${TOKEN}</ops:world-patent-data>`),
    ),
    job: () => as(epo()),
    input: number,
  },
  {
    name: "epo: claims time limit",
    answer: onClaims(neverAnswer),
    job: () => as(epo({ timeoutMs: 200 })),
    input: number,
  },
  {
    name: "epo: claims answer too large",
    answer: onClaims((_request, response) => streamForever(response, "application/xml")),
    job: () => as(epo({ maxAnswerBytes: 16_384 })),
    input: number,
  },
  {
    name: "epo: a malformed number",
    answer: ops.handler,
    job: () => as(epo()),
    input: { publicationNumber: "EP-12" },
  },
  {
    name: "epo: connection refused",
    answer: ops.handler,
    job: () => as(epo({ baseUrl: refused })),
    input: number,
  },
];

/** Every way an error or event is likely to be written down: message, String, JSON, inspect. */
function renderings(value: unknown): string[] {
  const all = [
    String(value),
    JSON.stringify(value) ?? "",
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
  ];
  if (value instanceof Error) all.push(value.message, value.stack ?? "");
  return all;
}

function expectNoCanary(what: string, value: unknown): void {
  for (const rendering of renderings(value)) {
    for (const canary of CANARIES)
      expect(rendering, `${what} leaks ${canary}`).not.toContain(canary);
  }
}

describe("CANARY: no secret reaches an error or an event", () => {
  it.each(SCENARIOS)("$name", async (scenario) => {
    server.answer(scenario.answer);
    const events: RunEvent[] = [];
    const dispatcher = new JobDispatcher({
      observers: [{ onEvent: (event) => events.push(event) }],
      throttle: { maxThrottles: scenario.maxThrottles ?? 6 },
    });
    const job = scenario.job();
    const error = await failureOf(dispatcher.submit(job, scenario.input));
    expect(LLMReadableError.isInstance(error), `${scenario.name}: ${error.message}`).toBe(true);
    expectNoCanary("the error", error);
    expect(events.some((event) => event.type === "job.failed")).toBe(true);
    for (const event of events) expectNoCanary(`the ${event.type} event`, event);
  });

  it("a tool's own rendering (a debugger, a log of the job) shows no secret: they live in private fields", () => {
    // Not deep, and without getters: invoking a zod schema's lazy getters would disturb it.
    for (const tool of [ncbi(), epo()]) {
      const rendering = inspect(tool, { showHidden: true, depth: 4 });
      for (const canary of CANARIES) expect(rendering).not.toContain(canary);
    }
  });

  it("the canaries really travelled, so the test above is not vacuous", async () => {
    server.answer((request, response) =>
      request.path.includes("eutils")
        ? fakeNcbi(request, response)
        : ops.handler(request, response),
    );
    await new JobDispatcher().submit(ncbi(), query);
    await new JobDispatcher().submit(epo(), number);
    const sent = server.requests
      .slice(-4)
      .map((request) => `${request.path} ${request.headers.authorization ?? ""}`);
    expect(sent.join("\n")).toContain(`api_key=${NCBI_KEY}`);
    expect(sent.join("\n")).toContain(`Bearer ${TOKEN}`);
    expect(sent.join("\n")).toContain(`Basic ${CANARIES[4]}`);
  });
});
