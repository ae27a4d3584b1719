import {
  ExternalServiceError,
  InvalidInputError,
  JobDispatcher,
  SystemError,
  ThrottleSignal,
} from "@nucleo/core";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeOps } from "../test-support/fake-ops.js";
import {
  fixtureServerPerTest,
  neverAnswer,
  refusingOrigin,
  reply,
  streamForever,
  type FixtureHandler,
} from "../test-support/fixture-server.js";
import { failureOf } from "../test-support/outcome.js";
import type { EPOClaimsToolOptions } from "./epo-claims-options.js";
import { EPOClaimsTool } from "./epo-claims-tool.js";

const CREDENTIALS = { consumerKey: "test-consumer-key", consumerSecret: "test-consumer-secret" };
let ops: FakeOps;
const dispatcher = new JobDispatcher();

beforeEach(() => {
  ops = new FakeOps(CREDENTIALS);
});
// Answers through the running test's fake, made fresh above.
const server = fixtureServerPerTest((request, response) => ops.handler(request, response));

function tool(options: Partial<EPOClaimsToolOptions> = {}): EPOClaimsTool {
  return new EPOClaimsTool({ ...CREDENTIALS, baseUrl: server.origin, ...options });
}

function claimsOf(publicationNumber: string, options?: Partial<EPOClaimsToolOptions>) {
  return dispatcher.submit(tool(options), { publicationNumber });
}

const isTokenRequest = (path: string): boolean => path === "/3.2/auth/accesstoken";

/** Answers the token request like OPS and the claims request with `handler`. */
function claimsAnswer(handler: FixtureHandler): void {
  server.answer((request, response) =>
    isTokenRequest(request.path) ? ops.handler(request, response) : handler(request, response),
  );
}

/** Answers the token request with `handler`. */
function tokenAnswer(handler: FixtureHandler): void {
  server.answer((request, response) =>
    isTokenRequest(request.path) ? handler(request, response) : ops.handler(request, response),
  );
}

describe("epo_claims: success", () => {
  it("authenticates with client credentials, then reads the English claims with the bearer token", async () => {
    const result = await claimsOf("EP1000000");
    expect(result.publicationNumber).toBe("EP1000000");
    expect(result.language).toBe("EN");
    expect(result.claims).toHaveLength(3);
    expect(result.claims[1]).toBe(
      "2. The apparatus according to claim 1, wherein the lens is aspherical.",
    );
    const [token, claims] = server.requests;
    expect(token).toMatchObject({
      method: "POST",
      path: "/3.2/auth/accesstoken",
      body: "grant_type=client_credentials",
    });
    expect(token?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(claims).toMatchObject({
      method: "GET",
      path: "/3.2/rest-services/published-data/publication/epodoc/EP1000000/claims",
    });
    expect(claims?.headers.authorization).toBe("Bearer token-1");
  });

  it("falls back to the language OPS has when there are no English claims", async () => {
    expect(await claimsOf("EP2000000")).toMatchObject({
      language: "DE",
      claims: ["1. Verfahren zur Herstellung eines Festelektrolyten."],
    });
  });

  it("normalises how people write numbers before asking", async () => {
    expect((await claimsOf("ep 1 000 000")).publicationNumber).toBe("EP1000000");
  });

  it("caches the token until it expires, then fetches a new one", async () => {
    let now = 1_000_000;
    const shared = tool({ now: () => now });
    await dispatcher.submit(shared, { publicationNumber: "EP1000000" });
    await dispatcher.submit(shared, { publicationNumber: "EP2000000" });
    expect(ops.tokensIssued).toBe(1);
    now += 1_199_000;
    await dispatcher.submit(shared, { publicationNumber: "EP1000000" });
    expect(ops.tokensIssued).toBe(2);
  });

  it("concurrent calls share one token request", async () => {
    const shared = tool();
    await Promise.all(
      ["EP1000000", "EP2000000", "EP1000000"].map((publicationNumber) =>
        dispatcher.submit(shared, { publicationNumber }),
      ),
    );
    expect(ops.tokensIssued).toBe(1);
  });

  it("a token OPS refuses early is renewed once and the call succeeds", async () => {
    const shared = tool();
    await dispatcher.submit(shared, { publicationNumber: "EP1000000" });
    ops.revokeAll();
    expect(
      (await dispatcher.submit(shared, { publicationNumber: "EP1000000" })).claims,
    ).toHaveLength(3);
    expect(ops.tokensIssued).toBe(2);
  });
});

describe("epo_claims: correctable failures name publication_number and its value", () => {
  it("a malformed number is refused by the tool's own check, before any request", async () => {
    const error = await failureOf(claimsOf("US7654321B2"));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "publication_number", value: "US7654321B2" });
    expect(server.requests).toHaveLength(0);
  });

  it("a 404 (OPS: no results found) is an InvalidInputError naming publication_number and its value", async () => {
    const error = await failureOf(claimsOf("EP9999999"));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "publication_number", value: "EP9999999" });
    expect(error.message).toContain('"publication_number"');
    expect(error.message).toContain("EP9999999");
  });

  it("a 400 on the claims request is correctable too", async () => {
    claimsAnswer((_request, response) =>
      reply(response, 400, "<fault><code>CLIENT.InvalidQuery</code></fault>"),
    );
    expect(await failureOf(claimsOf("EP1000000"))).toMatchObject({
      parameter: "publication_number",
    });
  });

  it("a readable answer without any claims is the model's to correct", async () => {
    claimsAnswer((_request, response) =>
      reply(response, 200, '<ops:world-patent-data xmlns:ops="http://ops.epo.org"/>'),
    );
    expect(await failureOf(claimsOf("EP1000000"))).toMatchObject({
      parameter: "publication_number",
      value: "EP1000000",
    });
  });
});

describe("epo_claims: uncorrectable failures name the service and step", () => {
  it.each([401, 403])(
    "a %i on the token request is ExternalServiceError('epo-ops', 'authenticate')",
    async (status) => {
      tokenAnswer((_request, response) => reply(response, status, '{"error":"invalid_client"}'));
      const error = await failureOf(claimsOf("EP1000000"));
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ service: "epo-ops", step: "authenticate" });
    },
  );

  it("wrong credentials are the deployment's problem, never the model's", async () => {
    const error = await failureOf(claimsOf("EP1000000", { consumerSecret: "wrong" }));
    expect(error).toMatchObject({ service: "epo-ops", step: "authenticate" });
    expect(InvalidInputError.isInstance(error)).toBe(false);
  });

  it("a 400 on the token request is not pinned on publication_number", async () => {
    tokenAnswer((_request, response) => reply(response, 400, '{"error":"unsupported_grant_type"}'));
    const error = await failureOf(claimsOf("EP1000000"));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ step: "authenticate" });
  });

  it("a token refused again after renewal is an authentication failure", async () => {
    claimsAnswer((_request, response) =>
      reply(response, 401, "<fault><code>CLIENT.InvalidAccessToken</code></fault>"),
    );
    const error = await failureOf(claimsOf("EP1000000"));
    expect(error).toMatchObject({ service: "epo-ops", step: "authenticate" });
    expect(ops.tokensIssued).toBe(2);
  });

  it("a 500 on the claims request is ExternalServiceError('epo-ops', 'fetch claims'), never SystemError('internal')", async () => {
    claimsAnswer((_request, response) =>
      reply(response, 500, "<fault><code>SERVER.DomainAccess</code></fault>"),
    );
    const error = await failureOf(claimsOf("EP1000000"));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(SystemError.isInstance(error)).toBe(false);
    expect(error.message).toBe('The epo-ops service failed during "fetch claims": HTTP 500.');
  });

  it("a refused connection fails the first step, authentication", async () => {
    const error = await failureOf(
      dispatcher.submit(tool({ baseUrl: await refusingOrigin() }), {
        publicationNumber: "EP1000000",
      }),
    );
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "epo-ops", step: "authenticate" });
  });

  it.each([
    ["the claims request", claimsAnswer],
    ["the token request", tokenAnswer],
  ])(
    "a 429 on %s is a ThrottleSignal; out of retries the job fails as the epo-ops service's error",
    async (_case, answer) => {
      answer((_request, response) => reply(response, 429, "", { "retry-after": "3" }));
      const error = await failureOf(
        new JobDispatcher({ throttle: { maxThrottles: 0 } }).submit(tool(), {
          publicationNumber: "EP1000000",
        }),
      );
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ service: "epo-ops" });
      expect(ThrottleSignal.isInstance(error.cause) && error.cause.retryAfterMs).toBe(3_000);
    },
  );

  it("a tool without credentials is refused at construction, naming what is missing", () => {
    expect(() => new EPOClaimsTool({ consumerKey: "k", consumerSecret: "" })).toThrow(
      "EPOClaimsTool needs an OPS consumer key and consumer secret.",
    );
  });
});

describe("epo_claims: garbage and limits end in a clear, bounded outcome", () => {
  it("a token answer that is not JSON is an unreadable answer of the authenticate step", async () => {
    tokenAnswer((_request, response) =>
      reply(response, 200, "<html>maintenance</html>", { "content-type": "text/html" }),
    );
    expect((await failureOf(claimsOf("EP1000000"))).message).toBe(
      'The epo-ops service failed during "authenticate": unreadable answer.',
    );
  });

  it("a token answer without access_token is unreadable too", async () => {
    tokenAnswer((_request, response) =>
      reply(response, 200, '{"status":"approved","expires_in":"1199"}', {
        "content-type": "application/json",
      }),
    );
    expect((await failureOf(claimsOf("EP1000000"))).message).toMatch(
      /"authenticate": unreadable answer/,
    );
  });

  it("a claims answer that is not XML is an unreadable answer of the fetch claims step", async () => {
    claimsAnswer((_request, response) =>
      reply(response, 200, "<ops:world-patent-data><claims lang=", {
        "content-type": "application/xml",
      }),
    );
    expect((await failureOf(claimsOf("EP1000000"))).message).toBe(
      'The epo-ops service failed during "fetch claims": unreadable answer.',
    );
  });

  it("a token server that never answers ends at the time limit", async () => {
    tokenAnswer(neverAnswer);
    expect((await failureOf(claimsOf("EP1000000", { timeoutMs: 200 }))).message).toBe(
      'The epo-ops service failed during "authenticate": no complete answer within 200 ms.',
    );
  });

  it("a claims server that never answers ends at the time limit", async () => {
    claimsAnswer(neverAnswer);
    expect((await failureOf(claimsOf("EP1000000", { timeoutMs: 200 }))).message).toBe(
      'The epo-ops service failed during "fetch claims": no complete answer within 200 ms.',
    );
  });

  it("a claims answer past maxAnswerBytes stops there", async () => {
    claimsAnswer((_request, response) => streamForever(response, "application/xml"));
    expect((await failureOf(claimsOf("EP1000000", { maxAnswerBytes: 32 * 1024 }))).message).toBe(
      'The epo-ops service failed during "fetch claims": answer larger than 32768 bytes.',
    );
  });
});
