import { ExternalServiceError, InvalidInputError, SystemError, ThrottleSignal } from "@nucleo/core";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_CASES } from "../test-support/api-cases.js";
import { rejectionOf } from "../test-support/collect.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

let server: MockProviderServer;
let client: OpenAiClient;
const signal = (): AbortSignal => new AbortController().signal;

beforeAll(async () => {
  server = await MockProviderServer.start();
  client = new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl });
});
afterAll(async () => {
  await server.stop();
});

describe.each(API_CASES)("OpenAiClient failures ($api)", (wire) => {
  const binding = bindingOf(wire.entry());
  const send = (on: OpenAiClient = client, abort: AbortSignal = signal()) =>
    rejectionOf(() => on.send(requestOf(), binding, abort));

  it("429 with retry-after is a ThrottleSignal with retryAfterMs, sent once (the SDK does not retry)", async () => {
    server.script({ kind: "throttle", retryAfterSeconds: 2 });
    const before = server.counts.requests;
    const error = await send();
    expect(ThrottleSignal.isInstance(error) && error).toMatchObject({
      kind: "throttle",
      service: "openai",
      retryAfterMs: 2_000,
    });
    expect(server.counts.requests - before).toBe(1);
  });

  it("429 without retry-after is a ThrottleSignal leaving the wait to the dispatcher", async () => {
    server.script({ kind: "throttle" });
    expect(await send()).toMatchObject({ kind: "throttle", retryAfterMs: undefined });
  });

  it("500 is an ExternalServiceError naming openai and the step", async () => {
    server.script({ kind: "error", status: 500 });
    const error = await send();
    expect(ExternalServiceError.isInstance(error) && error).toMatchObject({
      service: "openai",
      step: wire.sendStep,
    });
    expect((error as Error).message).toBe(
      `The openai service failed during "${wire.sendStep}": HTTP 500.`,
    );
  });

  it("a network failure (server gone) is an ExternalServiceError naming openai and the step", async () => {
    const gone = await MockProviderServer.start();
    await gone.stop();
    const error = await send(new OpenAiClient({ apiKey: "sk-test", baseURL: gone.openaiBaseUrl }));
    expect(ExternalServiceError.isInstance(error) && error).toMatchObject({
      service: "openai",
      step: wire.sendStep,
    });
    expect((error as Error).message).toContain("the connection failed");
  });

  it("a time-out is an ExternalServiceError, not a hang", async () => {
    server.script({ kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "late" } });
    const error = await send(
      new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl, timeoutMs: 100 }),
    );
    expect((error as Error).message).toContain("the request timed out");
  });

  it.each([
    // The SDK reads a Responses body before handing it over, and fails on a page that is
    // not JSON; Chat Completions bodies come through as they are.
    [
      "an HTML page",
      { kind: "garbage" },
      wire.api === "responses" ? "the response could not be read" : wire.notAnAnswer,
    ],
    ["a JSON body cut halfway", { kind: "cut-stream" }, "the response could not be read"],
    [
      "JSON that is not an answer",
      { kind: "garbage", body: '{"hello":"world"}' },
      wire.notAnAnswer,
    ],
    ["an answer without usage", { kind: "no-usage" }, "the response reports no usage"],
  ] as const)(
    "%s is an ExternalServiceError naming openai and the step",
    async (_name, reply, detail) => {
      server.script(reply);
      const error = await send();
      expect(ExternalServiceError.isInstance(error) && error).toMatchObject({
        service: "openai",
        step: wire.sendStep,
      });
      expect((error as Error).message).toContain(detail);
    },
  );

  it("400 is a correctable InvalidInputError on the request", async () => {
    server.script({ kind: "error", status: 400 });
    expect(InvalidInputError.isInstance(await send())).toBe(true);
  });

  it("404 is an InvalidInputError on the model", async () => {
    server.script({ kind: "error", status: 404 });
    expect(await send()).toMatchObject({ parameter: "model", correctable: true });
  });

  it("401 is an ExternalServiceError saying authentication failed", async () => {
    server.script({ kind: "error", status: 401 });
    expect((await send()) as Error).toMatchObject({
      service: "openai",
      message: `The openai service failed during "${wire.sendStep}": authentication failed (HTTP 401).`,
    });
  });

  it("an abort cancels the request and rethrows the signal's reason", async () => {
    server.script({ kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "too late" } });
    const controller = new AbortController();
    const reason = new SystemError({
      code: "cancelled",
      message: "Job j-1 was cancelled by its caller's signal.",
    });
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    expect(await send(client, controller.signal)).toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("an already-aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error("before the call"));
    const before = server.counts.requests;
    expect(await send(client, controller.signal)).toMatchObject({ message: "before the call" });
    expect(server.counts.requests).toBe(before);
  });

  it("a missing key is a clear error naming OPENAI_API_KEY, raised on first use", async () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    try {
      const keyless = new OpenAiClient({ baseURL: server.openaiBaseUrl });
      const error = await send(keyless);
      expect(SystemError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain("OPENAI_API_KEY");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("OpenAiClient failures on compatible servers", () => {
  it("a compatible server's failures name openai-compatible", async () => {
    server.script({ kind: "error", status: 502 });
    const entry = entryOf({ provider: "openai-compatible", baseUrl: server.openaiBaseUrl });
    const error = await rejectionOf(() => client.send(requestOf(), bindingOf(entry), signal()));
    expect(error).toMatchObject({ service: "openai-compatible", step: "chat completion" });
  });
});
