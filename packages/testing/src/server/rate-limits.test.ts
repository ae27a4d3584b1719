import { ManualTimers } from "@nucleo/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicBody, openaiBody, post } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";
import { RollingLimits } from "./rate-limits.js";

describe("RollingLimits", () => {
  it("refuses the request past the per-window count until the oldest one rolls off", () => {
    const limits = new RollingLimits({ requestsPerMinute: 2 });
    expect(limits.admit(0, 1).allowed).toBe(true);
    expect(limits.admit(10_000, 1).allowed).toBe(true);
    expect(limits.admit(20_000, 1)).toMatchObject({
      allowed: false,
      limit: "requests",
      retryAfterSeconds: 40,
    });
    expect(limits.admit(59_999, 1)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(limits.admit(60_000, 1).allowed).toBe(true);
    expect(limits.admit(60_001, 1)).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
  });

  it("refuses a prompt that would pass the token budget, counting the tokens answers reported", () => {
    const limits = new RollingLimits({ tokensPerMinute: 1_000, windowMs: 10_000 });
    const first = limits.admit(0, 100);
    if (first.allowed) first.entry.tokens = 600;
    const second = limits.admit(1_000, 100);
    if (second.allowed) second.entry.tokens = 300;
    expect(limits.admit(2_500, 200)).toMatchObject({
      allowed: false,
      limit: "tokens",
      retryAfterSeconds: 8,
    });
    expect(limits.admit(2_500, 100).allowed).toBe(true);
  });

  it("lets one oversized call through an empty window, so a retry can always succeed", () => {
    const limits = new RollingLimits({ tokensPerMinute: 10 });
    expect(limits.admit(0, 10_000).allowed).toBe(true);
  });

  it("rounds retry-after up to whole seconds, never below one", () => {
    const limits = new RollingLimits({ requestsPerMinute: 1, windowMs: 1_500 });
    limits.admit(0, 0);
    expect(limits.admit(1_499, 0)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(limits.admit(1, 0)).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
  });
});

describe("the server's rate limits", () => {
  let server: MockProviderServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it("answers 429 with retry-after once the window's requests are used, records the call, and recovers after the window", async () => {
    const time = new ManualTimers(0);
    server = await MockProviderServer.start({ limits: { requestsPerMinute: 2 }, clock: time });
    const url = `${server.openaiBaseUrl}/chat/completions`;
    expect((await post(url, openaiBody())).status).toBe(200);
    time.advance(15_000);
    expect((await post(url, openaiBody())).status).toBe(200);
    time.advance(15_000);
    const refused = await post(url, openaiBody());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect((await refused.json()).error).toMatchObject({
      type: "requests",
      code: "rate_limit_exceeded",
    });
    expect(server.throttled).toBe(1);
    expect(server.requests).toHaveLength(3);
    time.advance(30_000);
    expect((await post(url, openaiBody())).status).toBe(200);
    expect(server.throttled).toBe(1);
  });

  it("counts the tokens its own answers reported against the token budget, one window for both wires", async () => {
    const time = new ManualTimers(0);
    server = await MockProviderServer.start({
      limits: { tokensPerMinute: 1_000 },
      clock: time,
      countTokens: () => 10,
    });
    server.script({
      kind: "answer",
      text: "big",
      usage: { inputTokens: 700, cachedInputTokens: 100, outputTokens: 150, reasoningTokens: 45 },
    });
    expect((await post(`${server.openaiBaseUrl}/chat/completions`, openaiBody())).status).toBe(200);
    const url = `${server.anthropicBaseUrl}/v1/messages`;
    time.advance(20_500);
    const refused = await post(url, anthropicBody());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(await refused.json()).toMatchObject({
      type: "error",
      error: { type: "rate_limit_error" },
    });
    time.advance(39_500);
    expect((await post(url, anthropicBody())).status).toBe(200);
  });

  it("a throttled call does not take a scripted reply", async () => {
    const time = new ManualTimers(0);
    server = await MockProviderServer.start({ limits: { requestsPerMinute: 1 }, clock: time });
    server.script({ kind: "answer", text: "one" }, { kind: "answer", text: "two" });
    const url = `${server.openaiBaseUrl}/chat/completions`;
    await post(url, openaiBody());
    expect((await post(url, openaiBody())).status).toBe(429);
    time.advance(60_000);
    expect((await (await post(url, openaiBody())).json()).choices[0].message.content).toBe("two");
  });

  it("judges a call by the prompt tokens its reply states, as a provider counts its real prompt", async () => {
    const time = new ManualTimers(0);
    // The estimate (10 per call) would let the second call through; its stated 600 input tokens do not.
    server = await MockProviderServer.start({
      limits: { tokensPerMinute: 1_000 },
      clock: time,
      countTokens: () => 10,
    });
    server.script(
      { kind: "answer", text: "first", usage: { inputTokens: 500, outputTokens: 0 } },
      { kind: "answer", text: "second", usage: { inputTokens: 600, outputTokens: 0 } },
      { kind: "answer", text: "third", usage: { inputTokens: 400, outputTokens: 0 } },
    );
    const url = `${server.openaiBaseUrl}/chat/completions`;
    expect((await post(url, openaiBody())).status).toBe(200);
    expect((await post(url, openaiBody())).status).toBe(429);
    time.advance(60_000);
    expect((await (await post(url, openaiBody())).json()).choices[0].message.content).toBe(
      "second",
    );
  });
});
