import { InvalidInputError } from "@nucleo/core";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicBody, openaiBody, post } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";
import type { MockRequest, MockServerOptions } from "./mock-types.js";
import { RequestLog } from "./request-log.js";

let server: MockProviderServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Starts a server whose every answer reports 2 + 3 tokens, so the token count is known. */
async function start(options: MockServerOptions = {}): Promise<MockProviderServer> {
  server = await MockProviderServer.start(options);
  server.handle(() => ({ kind: "answer", text: "ok", usage: { inputTokens: 2, outputTokens: 3 } }));
  return server;
}

/** Makes calls 1..count in order, odd ones on the OpenAI wire, even ones on Anthropic's. */
async function call(mock: MockProviderServer, count: number): Promise<void> {
  for (let index = 1; index <= count; index++) {
    const content = `call ${index}`;
    const response =
      index % 2 === 1
        ? await post(
            `${mock.openaiBaseUrl}/chat/completions`,
            openaiBody({ messages: [{ role: "user", content }] }),
          )
        : await post(
            `${mock.anthropicBaseUrl}/v1/messages`,
            anthropicBody({ messages: [{ role: "user", content }] }),
          );
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
}

const callsIn = (requests: readonly MockRequest[]) =>
  requests.map((request) => (request.body.messages as Array<{ content: string }>)[0]?.content);

describe("the mock server's request log", () => {
  it("keeps only the most recent 1,000 calls by default, so a long-lived server stays flat in memory, while counts miss none", async () => {
    const mock = await start();
    await call(mock, 1_005);
    expect(mock.keepRequests).toBe(1_000);
    expect(mock.requests).toHaveLength(1_000);
    expect(callsIn(mock.requests).slice(0, 2)).toEqual(["call 6", "call 7"]);
    expect(callsIn(mock.requests).at(-1)).toBe("call 1005");
    expect(mock.counts).toEqual({
      requests: 1_005,
      byWire: { openai: 503, "openai-responses": 0, anthropic: 502 },
      answered: 1_005,
      throttled: 0,
      tokens: 1_005 * 5,
      cachedInputTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it("keepRequests sets the bound: 2 keeps the newest two, Infinity every call past the default, 0 none", async () => {
    const two = await start({ keepRequests: 2 });
    await call(two, 5);
    expect(callsIn(two.requests)).toEqual(["call 4", "call 5"]);
    expect(two.counts.requests).toBe(5);
    await two.stop();

    const all = await start({ keepRequests: Number.POSITIVE_INFINITY });
    await call(all, 1_005);
    expect(callsIn(all.requests)).toEqual(
      Array.from({ length: 1_005 }, (_, index) => `call ${index + 1}`),
    );
    await all.stop();

    const none = await start({ keepRequests: 0 });
    await call(none, 3);
    expect(none.requests).toEqual([]);
    expect(none.counts.requests).toBe(3);
  });

  it("keepRequests that is not a whole number of calls, 0 or more, or Infinity is refused, naming the option", async () => {
    for (const keepRequests of [-1, 1.5, Number.NaN, "all"]) {
      const refused = await MockProviderServer.start({
        keepRequests: keepRequests as number,
      }).catch((error: unknown) => error);
      expect(InvalidInputError.isInstance(refused)).toBe(true);
      expect((refused as InvalidInputError).parameter).toBe("keepRequests");
      expect((refused as Error).message).toContain(`"keepRequests" (got "${keepRequests}")`);
    }
  });

  it("requests read once is a copy that later calls leave alone; clearRequests forgets the calls and counts carry on", async () => {
    const mock = await start({ keepRequests: 3 });
    await call(mock, 2);
    const before = mock.requests;
    await call(mock, 4);
    expect(callsIn(before)).toEqual(["call 1", "call 2"]);
    expect(callsIn(mock.requests)).toEqual(["call 2", "call 3", "call 4"]);
    mock.clearRequests();
    expect(mock.requests).toEqual([]);
    await call(mock, 1);
    expect(callsIn(mock.requests)).toEqual(["call 1"]);
    expect(mock.counts.requests).toBe(7);
  });

  it("counts the calls the rate limits refuse, and only answers' tokens", async () => {
    const mock = await start({ limits: { requestsPerMinute: 1 } });
    await call(mock, 1);
    const refused = await post(`${mock.openaiBaseUrl}/chat/completions`, openaiBody());
    expect(refused.status).toBe(429);
    expect(mock.counts).toMatchObject({ requests: 2, answered: 1, throttled: 1, tokens: 5 });
  });
});

describe("RequestLog", () => {
  it("keeps the newest entries oldest first across many turns of its ring", () => {
    const log = new RequestLog<number>(3, "keepRequests");
    const seen: Array<readonly number[]> = [];
    for (let entry = 1; entry <= 9; entry++) {
      log.add(entry);
      seen.push(log.entries());
    }
    expect(seen.map((entries) => entries.join(","))).toEqual([
      "1",
      "1,2",
      "1,2,3",
      "2,3,4",
      "3,4,5",
      "4,5,6",
      "5,6,7",
      "6,7,8",
      "7,8,9",
    ]);
  });
});
