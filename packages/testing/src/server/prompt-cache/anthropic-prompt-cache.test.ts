import { describe, expect, it } from "vitest";
import { post, readEvents } from "../../test-support/wire-client.js";
import type { MockProviderServer } from "../mock-provider-server.js";
import { cachingServers, tok } from "./cache-test-support.js";

const { clock, start } = cachingServers();

const ephemeral = (ttl?: "5m" | "1h") => ({ type: "ephemeral", ...(ttl ? { ttl } : {}) });
const text = (tokens: number, ttl?: "5m" | "1h" | "none") => ({
  type: "text",
  text: tok(tokens),
  ...(ttl === "none" ? {} : { cache_control: ephemeral(ttl) }),
});
const user = (...content: unknown[]) => ({ role: "user", content });
const assistant = (tokens: number) => ({ role: "assistant", content: tok(tokens) });

/** A Messages body: a system block of `systemTokens` with a breakpoint, then the messages. */
function body(systemTokens: number, messages: unknown[], extra: Record<string, unknown> = {}) {
  return {
    model: "claude-test",
    max_tokens: 1024,
    system: [text(systemTokens)],
    messages,
    ...extra,
  };
}

async function usageOf(server: MockProviderServer, request: Record<string, unknown>) {
  const response = await post(`${server.anthropicBaseUrl}/v1/messages`, request);
  const json = await response.json();
  if (response.status !== 200) throw new Error(JSON.stringify(json));
  return json.usage;
}

const split = (usage: Record<string, any>) => ({
  input: usage.input_tokens,
  read: usage.cache_read_input_tokens,
  written: usage.cache_creation_input_tokens,
  written5m: usage.cache_creation.ephemeral_5m_input_tokens,
  written1h: usage.cache_creation.ephemeral_1h_input_tokens,
});

describe("Anthropic prompt caching in the mock", () => {
  it("a breakpoint on a prefix under the minimum (1,024 tokens) caches nothing", async () => {
    const server = await start();
    const request = body(1_000, [user(text(10, "none"))]);
    for (let call = 0; call < 2; call++)
      expect(split(await usageOf(server, request))).toMatchObject({
        input: 1_010,
        read: 0,
        written: 0,
      });
  });

  it("the first call writes the prefix up to the breakpoint, the second reads it", async () => {
    const server = await start();
    const request = body(1_500, [user(text(10, "none"))]);
    expect(split(await usageOf(server, request))).toEqual({
      input: 10,
      read: 0,
      written: 1_500,
      written5m: 1_500,
      written1h: 0,
    });
    expect(split(await usageOf(server, request))).toEqual({
      input: 10,
      read: 1_500,
      written: 0,
      written5m: 0,
      written1h: 0,
    });
    expect(server.counts).toMatchObject({ cachedInputTokens: 1_500, cacheWriteTokens: 1_500 });
  });

  it("a grown conversation reads the earlier turn's prefix, found within 20 blocks before its breakpoint, and writes the rest", async () => {
    const server = await start();
    const first = [user(text(200))];
    expect(split(await usageOf(server, body(1_100, first)))).toMatchObject({
      read: 0,
      written: 1_300,
    });
    const grown = [user(text(200, "none")), assistant(30), user(text(50))];
    expect(split(await usageOf(server, body(1_100, grown)))).toMatchObject({
      input: 0,
      read: 1_300,
      written: 80,
    });
  });

  it.each([
    { added: 20, read: 101 },
    { added: 21, read: 0 },
  ])(
    "a read looks back over the 20 blocks before a breakpoint: $added blocks on, it reads $read",
    async ({ added, read }) => {
      const server = await start({ promptCache: { minCacheableTokens: 100 } });
      const system = tok(100);
      await usageOf(server, { ...body(0, [user(text(1))]), system });
      const blocks = Array.from({ length: added }, (_, index) =>
        text(1, index === added - 1 ? undefined : "none"),
      );
      const grown = { ...body(0, [user(text(1, "none"), ...blocks)]), system };
      expect(split(await usageOf(server, grown))).toMatchObject({
        read,
        written: 101 + added - read,
      });
    },
  );

  it("a five-minute entry is gone five minutes after its last use", async () => {
    const server = await start();
    const request = body(1_500, [user(text(10, "none"))]);
    await usageOf(server, request);
    clock.advance(5 * 60_000);
    expect(split(await usageOf(server, request))).toMatchObject({ read: 0, written: 1_500 });
  });

  it("a read starts the lifetime over", async () => {
    const server = await start();
    const request = body(1_500, [user(text(10, "none"))]);
    await usageOf(server, request);
    clock.advance(4 * 60_000);
    expect(split(await usageOf(server, request)).read).toBe(1_500);
    clock.advance(4 * 60_000);
    expect(split(await usageOf(server, request)).read).toBe(1_500);
  });

  it("a read found by looking back starts that entry's lifetime over too", async () => {
    const server = await start();
    const first = body(1_100, [user(text(200))]);
    await usageOf(server, first);
    clock.advance(4 * 60_000);
    const grown = body(1_100, [user(text(200, "none")), assistant(30), user(text(50))]);
    expect(split(await usageOf(server, grown)).read).toBe(1_300);
    clock.advance(4 * 60_000);
    expect(split(await usageOf(server, first))).toMatchObject({ read: 1_300, written: 0 });
  });

  it("writes are split by lifetime: up to the last one-hour breakpoint at 1h, the rest at 5m; the hour outlives the five minutes", async () => {
    const server = await start();
    const request = {
      ...body(300, [user(text(10, "none"))]),
      tools: [
        {
          name: "search",
          description: tok(1_100),
          input_schema: {},
          cache_control: ephemeral("1h"),
        },
      ],
    };
    expect(split(await usageOf(server, request))).toEqual({
      input: 10,
      read: 0,
      written: 1_400,
      written5m: 300,
      written1h: 1_100,
    });
    clock.advance(30 * 60_000);
    expect(split(await usageOf(server, request))).toEqual({
      input: 10,
      read: 1_100,
      written: 300,
      written5m: 300,
      written1h: 0,
    });
    clock.advance(60 * 60_000);
    expect(split(await usageOf(server, request))).toMatchObject({ read: 0, written1h: 1_100 });
  });

  it("the request-level cache_control puts a breakpoint on the last block", async () => {
    const server = await start();
    const request = {
      ...body(1_000, [user(text(100, "none"))]),
      system: tok(1_000),
      cache_control: ephemeral(),
    };
    expect(split(await usageOf(server, request))).toMatchObject({ input: 0, written: 1_100 });
    expect(split(await usageOf(server, request))).toMatchObject({ input: 0, read: 1_100 });
  });

  it("the request-level cache_control skips a trailing thinking block for the last cacheable one", async () => {
    const server = await start();
    const thinking = { type: "thinking", thinking: "tok", signature: "c2ln" };
    const request = {
      ...body(1_000, [
        user(text(100, "none")),
        { role: "assistant", content: [text(5, "none"), thinking] },
      ]),
      system: tok(1_000),
      cache_control: ephemeral(),
    };
    // The breakpoint sits on the assistant's text: the thinking block after it is not cached.
    expect(split(await usageOf(server, request))).toMatchObject({ written: 1_105, input: 1 });
  });

  it("moving a breakpoint on leaves the blocks it left the same prefix", async () => {
    const server = await start();
    await usageOf(server, body(1_100, [user(text(10, "none"), text(20))]));
    const moved = body(1_100, [
      user(text(10, "none"), text(20, "none")),
      assistant(5),
      user(text(1)),
    ]);
    expect(split(await usageOf(server, moved))).toMatchObject({ read: 1_130, written: 6 });
  });

  it("a streamed answer carries the cache usage in message_start and message_delta", async () => {
    const server = await start();
    const request = body(1_500, [user(text(10, "none"))], { stream: true });
    await readEvents(await post(`${server.anthropicBaseUrl}/v1/messages`, request));
    const { events } = await readEvents(
      await post(`${server.anthropicBaseUrl}/v1/messages`, request),
    );
    const opening = events.find((event) => event.event === "message_start")!.json.message.usage;
    expect(split(opening)).toEqual({
      input: 10,
      read: 1_500,
      written: 0,
      written5m: 0,
      written1h: 0,
    });
    const delta = events.find((event) => event.event === "message_delta")!.json.usage;
    expect(delta.cache_read_input_tokens).toBe(1_500);
  });
});

describe("Anthropic cache markers the mock refuses", () => {
  const refusal = async (request: Record<string, unknown>) => {
    const server = await start();
    const response = await post(`${server.anthropicBaseUrl}/v1/messages`, request);
    expect(response.status).toBe(400);
    return (await response.json()).error.message;
  };

  it("more than 4 breakpoints, the request-level one counted", async () => {
    const five = body(10, [user(text(1), text(1), text(1), text(1))]);
    expect(await refusal(five)).toBe(
      "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    );
    const fourAndTop = body(10, [user(text(1), text(1), text(1))], { cache_control: ephemeral() });
    expect(await refusal(fourAndTop)).toBe(
      "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    );
  });

  it("a one-hour breakpoint after a five-minute one, in the order tools, system, messages", async () => {
    const request = body(10, [user(text(1, "none"), text(1, "1h"))]);
    expect(await refusal(request)).toBe(
      "messages.0.content.1.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: `tools`, `system`, `messages`.",
    );
  });

  it("a marker on a thinking block, which takes none", async () => {
    const thinking = {
      type: "thinking",
      thinking: "x",
      signature: "c2ln",
      cache_control: ephemeral(),
    };
    const request = body(10, [
      user(text(1, "none")),
      { role: "assistant", content: [thinking] },
      user(text(1, "none")),
    ]);
    expect(await refusal(request)).toBe(
      "messages.1.content.0.thinking.cache_control: Extra inputs are not permitted",
    );
  });

  it("a marker that is not ephemeral, or a lifetime other than 5m and 1h", async () => {
    const persistent = body(10, [
      user({ type: "text", text: "x", cache_control: { type: "persistent" } }),
    ]);
    expect(await refusal(persistent)).toBe(
      "messages.0.content.0.cache_control.type: Input should be 'ephemeral'",
    );
    const day = body(10, [
      user({ type: "text", text: "x", cache_control: { type: "ephemeral", ttl: "24h" } }),
    ]);
    expect(await refusal(day)).toBe(
      "messages.0.content.0.cache_control.ttl: Input should be '5m' or '1h'",
    );
  });
});
