import { inspect } from "node:util";
import type { MockReply } from "@nucleo/testing";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CASES } from "../test-support/api-cases.js";
import { drain, rejectionOf } from "../test-support/collect.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

// Real providers echo part of a bad key in their error text; proxies sometimes echo headers.
const CANARY = "sk-canary-DO-NOT-LEAK-123";
const echoed = `Incorrect API key provided: ${CANARY}. You can find your API key at https://platform.openai.com/account/api-keys.`;

let server: MockProviderServer;
let client: OpenAiClient;
const sentKeys: string[] = [];

beforeAll(async () => {
  server = await MockProviderServer.start();
  const recordingFetch: typeof fetch = (input, init) => {
    sentKeys.push(new Headers(init?.headers).get("authorization") ?? "");
    return fetch(input, init);
  };
  client = new OpenAiClient({
    apiKey: CANARY,
    baseURL: server.openaiBaseUrl,
    fetch: recordingFetch,
    timeoutMs: 500,
  });
});
afterAll(async () => {
  await server.stop();
});

const replies: ReadonlyArray<readonly [string, MockReply]> = [
  ["401 echoing the key", { kind: "error", status: 401, message: echoed }],
  ["403 echoing the key", { kind: "error", status: 403, message: echoed }],
  ["400 echoing the key", { kind: "error", status: 400, message: echoed }],
  ["404 echoing the key", { kind: "error", status: 404, message: echoed }],
  ["422 echoing the key", { kind: "error", status: 422, message: echoed }],
  ["409 echoing the key", { kind: "error", status: 409, message: echoed }],
  ["500 echoing the key", { kind: "error", status: 500, message: echoed }],
  ["503 echoing the key", { kind: "error", status: 503, message: echoed }],
  ["429", { kind: "throttle", retryAfterSeconds: 1 }],
  [
    "an HTML page echoing the headers",
    { kind: "garbage", body: `<html><pre>Authorization: Bearer ${CANARY}</pre></html>` },
  ],
  [
    "JSON echoing the key",
    { kind: "garbage", body: JSON.stringify({ error: echoed, authorization: `Bearer ${CANARY}` }) },
  ],
  ["a cut body", { kind: "cut-stream" }],
  ["no usage", { kind: "no-usage" }],
  ["a time-out", { kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "late" } }],
];

/** Every way an error is turned into text: its message, String(), JSON, and what loggers print. */
function expectNoCanary(error: unknown): void {
  expect(error).toBeInstanceOf(Error);
  for (const text of [
    (error as Error).message,
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: null }),
  ]) {
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain("sk-canary");
  }
}

describe.each(API_CASES)("no error ever carries the API key (canary, $api)", (wire) => {
  const binding = bindingOf(wire.entry());

  it.each(replies)("send: %s", async (_name, reply) => {
    server.script(reply);
    expectNoCanary(
      await rejectionOf(() => client.send(requestOf(), binding, new AbortController().signal)),
    );
  });

  it.each(replies)("stream: %s", async (_name, reply) => {
    server.script(reply);
    expectNoCanary(
      await rejectionOf(() =>
        drain(client.stream(requestOf(), binding, new AbortController().signal)),
      ),
    );
  });

  it("a network failure", async () => {
    const gone = await MockProviderServer.start();
    await gone.stop();
    const offline = new OpenAiClient({ apiKey: CANARY, baseURL: gone.openaiBaseUrl });
    expectNoCanary(
      await rejectionOf(() => offline.send(requestOf(), binding, new AbortController().signal)),
    );
  });
});

describe("the key stays with the client (canary)", () => {
  it("the key did reach the server, so the checks above are meaningful", () => {
    expect(sentKeys.length).toBeGreaterThan(2 * replies.length);
    expect(sentKeys.every((header) => header === `Bearer ${CANARY}`)).toBe(true);
  });

  it("printing the client shows no key", () => {
    expect(JSON.stringify(client)).not.toContain(CANARY);
    expect(inspect(client, { depth: null, showHidden: true })).not.toContain(CANARY);
  });

  it("an openai-compatible server never gets the OpenAI key unless it is listed for that server", async () => {
    const compatible = await MockProviderServer.start();
    try {
      const headers: string[] = [];
      const recordingFetch: typeof fetch = (input, init) => {
        headers.push(new Headers(init?.headers).get("authorization") ?? "");
        return fetch(input, init);
      };
      const entry = entryOf({ provider: "openai-compatible", baseUrl: compatible.openaiBaseUrl });
      await new OpenAiClient({ apiKey: CANARY, fetch: recordingFetch }).send(
        requestOf(),
        bindingOf(entry),
        new AbortController().signal,
      );
      const listed = new OpenAiClient({
        apiKey: CANARY,
        fetch: recordingFetch,
        compatibleApiKeys: { [compatible.openaiBaseUrl]: "vllm-key" },
      });
      await listed.send(requestOf(), bindingOf(entry), new AbortController().signal);
      expect(headers).toEqual(["Bearer no-key", "Bearer vllm-key"]);
    } finally {
      await compatible.stop();
    }
  });
});
