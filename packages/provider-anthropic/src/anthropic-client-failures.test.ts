import { inspect } from "node:util";
import type { LlmDelta, LlmResponse } from "@nucleo/conversation";
import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import { MockProviderServer, type MockReply } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest } from "./test-support/bindings.js";

const CANARY = "sk-ant-canary-DO-NOT-LEAK-123";
const binding = bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD");
const request = textRequest("Hello?");
const live = () => new AbortController().signal;

let server: MockProviderServer;
let client: AnthropicClient;

beforeEach(async () => {
  server = await MockProviderServer.start();
  client = new AnthropicClient({
    apiKey: CANARY,
    baseURL: server.anthropicBaseUrl,
    timeoutMs: 2_000,
  });
});
afterEach(async () => {
  await server.stop();
});

/** What a call failed with (or `undefined` when it did not fail). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Drains a stream, returning its failure. */
async function streamFailureOf(
  stream: AsyncGenerator<LlmDelta, LlmResponse, void>,
): Promise<unknown> {
  return failureOf(
    (async () => {
      for await (const delta of stream) void delta;
    })(),
  );
}

describe("AnthropicClient failures", () => {
  it.each([
    ["429 rate_limit_error", { kind: "throttle", retryAfterSeconds: 3 }],
    ["529 overloaded_error", { kind: "throttle", retryAfterSeconds: 2, overloaded: true }],
  ] as const)(
    "%s is a ThrottleSignal for the dispatcher, carrying retry-after",
    async (_case, reply) => {
      server.script(reply, reply);
      for (const failure of [
        await failureOf(client.send(request, binding, live())),
        await streamFailureOf(client.stream(request, binding, live())),
      ]) {
        expect(failure).toBeInstanceOf(ThrottleSignal);
        expect(failure).toMatchObject({
          service: "anthropic",
          retryAfterMs: reply.retryAfterSeconds * 1_000,
        });
      }
      // The SDK's own retries are off: one call, one request.
      expect(server.requests).toHaveLength(2);
    },
  );

  it("a throttle without retry-after leaves the backoff to the dispatcher", async () => {
    server.script({ kind: "throttle" });
    expect(await failureOf(client.send(request, binding, live()))).toMatchObject({
      retryAfterMs: undefined,
    });
  });

  it.each([
    [400, "request"],
    [422, "request"],
    [404, "model"],
  ])("%i is a correctable InvalidInputError naming %s", async (status, parameter) => {
    server.script({ kind: "error", status });
    const failure = await failureOf(client.send(request, binding, live()));
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ parameter, correctable: true });
  });

  it.each([401, 403])(
    "%i is an ExternalServiceError saying authentication failed",
    async (status) => {
      server.script({ kind: "error", status, message: "invalid x-api-key" });
      const failure = await failureOf(client.send(request, binding, live()));
      expect(ExternalServiceError.isInstance(failure)).toBe(true);
      expect((failure as Error).message).toBe(
        'The anthropic service failed during "messages": authentication failed.',
      );
    },
  );

  it.each([
    [500, "messages"],
    [402, "messages"],
  ])("%i is an ExternalServiceError naming the provider and step", async (status, step) => {
    server.script({ kind: "error", status }, { kind: "error", status });
    expect(await failureOf(client.send(request, binding, live()))).toMatchObject({
      service: "anthropic",
      step,
      message: expect.stringContaining(`HTTP ${status}`),
    });
    expect(await streamFailureOf(client.stream(request, binding, live()))).toMatchObject({
      service: "anthropic",
      step: "stream",
    });
  });

  it("a network failure (server gone) is an ExternalServiceError naming the provider and step", async () => {
    await server.stop();
    expect(await failureOf(client.send(request, binding, live()))).toMatchObject({
      service: "anthropic",
      step: "messages",
      message: expect.stringContaining("connection failed"),
    });
    expect(await streamFailureOf(client.stream(request, binding, live()))).toMatchObject({
      service: "anthropic",
      step: "stream",
    });
    server = await MockProviderServer.start(); // for afterEach
  });

  it("a request that outlives timeoutMs is an ExternalServiceError that says it timed out", async () => {
    const quick = new AnthropicClient({
      apiKey: CANARY,
      baseURL: server.anthropicBaseUrl,
      timeoutMs: 100,
    });
    server.script({ kind: "slow", delayMs: 5_000, reply: { kind: "answer", text: "late" } });
    expect(await failureOf(quick.send(request, binding, live()))).toMatchObject({
      service: "anthropic",
      message: expect.stringContaining("timed out"),
    });
  });

  it.each([
    ["garbage", { kind: "garbage" }],
    ["JSON that is not a message", { kind: "garbage", body: '{"unexpected":true}' }],
    ["a body cut in half", { kind: "cut-stream" }],
    ["an answer without usage", { kind: "no-usage" }],
  ] as const)("%s is an ExternalServiceError: not the wire format (send)", async (_case, reply) => {
    server.script(reply);
    const failure = await failureOf(client.send(request, binding, live()));
    expect(failure).toMatchObject({ service: "anthropic", step: "messages" });
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
  });

  it.each([
    ["a stream of garbage", { kind: "garbage" }],
    ["a stream cut mid-way", { kind: "cut-stream", afterEvents: 5 }],
    ["a stream cut before any block", { kind: "cut-stream", afterEvents: 1 }],
    ["a stream without usage", { kind: "no-usage" }],
  ] as const)(
    "%s is an ExternalServiceError naming step stream, and nothing hangs",
    async (_case, reply) => {
      server.script(reply);
      const failure = await streamFailureOf(client.stream(request, binding, live()));
      expect(ExternalServiceError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({ service: "anthropic", step: "stream" });
    },
  );

  it("aborting cancels the call and rethrows the abort, for send and for stream", async () => {
    server.script(
      { kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "too late" } },
      { kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "too late" } },
    );
    const reason = new Error("the job was cancelled");
    const sending = new AbortController();
    setTimeout(() => sending.abort(reason), 50);
    const started = Date.now();
    expect(await failureOf(client.send(request, binding, sending.signal))).toBe(reason);
    const streaming = new AbortController();
    setTimeout(() => streaming.abort(reason), 50);
    expect(await streamFailureOf(client.stream(request, binding, streaming.signal))).toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failureOf(client.send(request, binding, controller.signal))).toBe(
      controller.signal.reason,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("the API key never leaks (canary)", () => {
  const replies: ReadonlyArray<readonly [string, MockReply]> = [
    [
      "401 quoting the key",
      { kind: "error", status: 401, message: `invalid x-api-key: ${CANARY}` },
    ],
    [
      "403 quoting the key",
      { kind: "error", status: 403, message: `key ${CANARY} may not use this model` },
    ],
    ["400 quoting the key", { kind: "error", status: 400, message: `bad request from ${CANARY}` }],
    [
      "404 quoting the key",
      { kind: "error", status: 404, message: `model not found for ${CANARY}` },
    ],
    ["422 quoting the key", { kind: "error", status: 422, message: `unprocessable: ${CANARY}` }],
    ["402 quoting the key", { kind: "error", status: 402, message: `billing: ${CANARY}` }],
    ["500 quoting the key", { kind: "error", status: 500, message: `internal: ${CANARY}` }],
    ["429", { kind: "throttle", retryAfterSeconds: 1 }],
    ["529", { kind: "throttle", overloaded: true }],
    ["garbage quoting the key", { kind: "garbage", body: `<html>${CANARY}</html>` }],
    ["JSON garbage quoting the key", { kind: "garbage", body: `{"error":"${CANARY}"}` }],
    ["cut body", { kind: "cut-stream" }],
    ["no usage", { kind: "no-usage" }],
  ];

  function expectNoCanary(failure: unknown): void {
    expect(failure).toBeDefined();
    const views = [
      (failure as Error).message,
      String(failure),
      JSON.stringify(failure),
      inspect(failure, { depth: 10 }),
    ];
    for (const view of views) expect(view).not.toContain(CANARY);
  }

  it.each(replies)(
    "%s: no message, String(), JSON or inspection of the error contains the key (send and stream)",
    async (_case, reply) => {
      server.script(reply, reply);
      expectNoCanary(await failureOf(client.send(request, binding, live())));
      expectNoCanary(await streamFailureOf(client.stream(request, binding, live())));
    },
  );

  it("streamed garbage, a cut stream, a timeout and a network failure do not leak it either", async () => {
    server.script(
      { kind: "garbage", body: `data: ${CANARY}\n\n` },
      { kind: "cut-stream", afterEvents: 4 },
    );
    expectNoCanary(await streamFailureOf(client.stream(request, binding, live())));
    expectNoCanary(await streamFailureOf(client.stream(request, binding, live())));
    const quick = new AnthropicClient({
      apiKey: CANARY,
      baseURL: server.anthropicBaseUrl,
      timeoutMs: 50,
    });
    server.script({ kind: "slow", delayMs: 2_000, reply: { kind: "answer", text: "late" } });
    expectNoCanary(await failureOf(quick.send(request, binding, live())));
    await server.stop();
    expectNoCanary(await failureOf(client.send(request, binding, live())));
    expectNoCanary(await streamFailureOf(client.stream(request, binding, live())));
    server = await MockProviderServer.start();
  });

  it("the client itself does not show the key when printed or serialised", () => {
    for (const view of [String(client), JSON.stringify(client), inspect(client, { depth: 10 })])
      expect(view).not.toContain(CANARY);
  });
});
