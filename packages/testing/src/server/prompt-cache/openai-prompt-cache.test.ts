import { describe, expect, it } from "vitest";
import { post, readEvents } from "../../test-support/wire-client.js";
import type { MockProviderServer } from "../mock-provider-server.js";
import { cachingServers, tok } from "./cache-test-support.js";

const { clock, start } = cachingServers();

type Message = { readonly role: string; readonly content: string };
const system = (tokens: number): Message => ({ role: "system", content: tok(tokens) });
const user = (tokens: number, label = ""): Message => ({
  role: "user",
  content: `${label}${tok(tokens)}`,
});
const assistant = (tokens: number): Message => ({ role: "assistant", content: tok(tokens) });

const wires = [
  {
    wire: "Chat Completions",
    path: "/chat/completions",
    body: (messages: Message[], extra: Record<string, unknown> = {}) => ({
      model: "gpt-test",
      messages,
      ...extra,
    }),
    usage: (json: any) => ({
      total: json.usage.prompt_tokens,
      cached: json.usage.prompt_tokens_details.cached_tokens,
    }),
    streamed: (json: any) => json.usage,
    streamExtra: { stream_options: { include_usage: true } },
  },
  {
    wire: "Responses",
    path: "/responses",
    body: (messages: Message[], extra: Record<string, unknown> = {}) => ({
      model: "gpt-test",
      input: messages,
      ...extra,
    }),
    usage: (json: any) => ({
      total: json.usage.input_tokens,
      cached: json.usage.input_tokens_details.cached_tokens,
    }),
    streamed: (json: any) => json.response?.usage,
    streamExtra: {},
  },
] as const;

describe.each(wires)(
  "OpenAI prompt caching on the $wire wire",
  ({ path, body, usage, streamed, streamExtra }) => {
    const call = async (
      server: MockProviderServer,
      messages: Message[],
      extra: Record<string, unknown> = {},
    ) => {
      const response = await post(`${server.openaiBaseUrl}${path}`, body(messages, extra));
      const json = await response.json();
      if (response.status !== 200) throw new Error(JSON.stringify(json));
      return usage(json);
    };

    it("a prompt under the minimum (1,024 tokens) is never cached", async () => {
      const server = await start();
      const prompt = [system(1_000), user(10)];
      expect(await call(server, prompt)).toEqual({ total: 1_010, cached: 0 });
      expect(await call(server, prompt)).toEqual({ total: 1_010, cached: 0 });
    });

    it("a repeated prompt reads its prefix in 1,024 + 128·k increments, inside the prompt's total", async () => {
      const server = await start();
      const prompt = [system(1_300), user(10)];
      expect(await call(server, prompt)).toEqual({ total: 1_310, cached: 0 });
      expect(await call(server, prompt)).toEqual({ total: 1_310, cached: 1_280 });
      expect(server.counts).toMatchObject({ cachedInputTokens: 1_280, cacheWriteTokens: 0 });
    });

    it("a grown conversation reads the earlier prompt as its prefix", async () => {
      const server = await start();
      await call(server, [system(1_100), user(200)]);
      const grown = [system(1_100), user(200), assistant(10), user(50)];
      expect(await call(server, grown)).toEqual({ total: 1_360, cached: 1_280 });
    });

    it("a changed start reads nothing", async () => {
      const server = await start();
      await call(server, [system(1_300), user(10)]);
      expect(await call(server, [system(1_301), user(10)])).toMatchObject({ cached: 0 });
    });

    it("an in-memory prefix lives five minutes after its last use, and a read starts it over", async () => {
      const server = await start();
      const prompt = [system(1_300), user(10)];
      await call(server, prompt);
      clock.advance(4 * 60_000);
      expect((await call(server, prompt)).cached).toBe(1_280);
      clock.advance(4 * 60_000);
      expect((await call(server, prompt)).cached).toBe(1_280);
      clock.advance(5 * 60_000);
      expect((await call(server, prompt)).cached).toBe(0);
    });

    it("prompt_cache_retention 24h keeps a prefix for a day", async () => {
      const server = await start();
      const prompt = [system(1_300), user(10)];
      const extended = { prompt_cache_retention: "24h" };
      await call(server, prompt, extended);
      clock.advance(23 * 60 * 60_000);
      expect((await call(server, prompt, extended)).cached).toBe(1_280);
      clock.advance(24 * 60 * 60_000);
      expect((await call(server, prompt, extended)).cached).toBe(0);
    });

    it("past the per-minute rate a routing key overflows to other machines, and comes home a minute later", async () => {
      const server = await start({ promptCache: { routingRequestsPerMinute: 3 } });
      const prompt = [system(1_300), user(10)];
      const cached = [];
      for (let request = 0; request < 4; request++)
        cached.push((await call(server, prompt)).cached);
      expect(cached).toEqual([0, 1_280, 1_280, 0]);
      clock.advance(60_000);
      expect((await call(server, prompt)).cached).toBe(1_280);
    });

    it("a per-conversation prompt_cache_key keeps each conversation on its cache where a shared start without a key overflows", async () => {
      const secondTurnsReadWhole = async (keyed: boolean) => {
        const server = await start();
        const first = (conversation: number) => [
          system(1_100),
          user(200, `conversation ${conversation}: `),
        ];
        const extra = (conversation: number) =>
          keyed ? { prompt_cache_key: `conversation-${conversation}` } : {};
        for (let conversation = 0; conversation < 20; conversation++)
          await call(server, first(conversation), extra(conversation));
        let whole = 0;
        for (let conversation = 0; conversation < 20; conversation++) {
          const grown = [...first(conversation), assistant(10), user(50)];
          if ((await call(server, grown, extra(conversation))).cached === 1_280) whole += 1;
        }
        return whole;
      };
      expect(await secondTurnsReadWhole(true)).toBe(20);
      // 40 requests in a minute on one routing key: 15 stay home, the rest spread over 4 machines.
      expect(await secondTurnsReadWhole(false)).toBeLessThan(10);
    });

    it("a prompt_cache_retention other than in_memory or 24h is refused, naming it", async () => {
      const server = await start();
      const response = await post(
        `${server.openaiBaseUrl}${path}`,
        body([user(1)], { prompt_cache_retention: "1h" }),
      );
      expect(response.status).toBe(400);
      expect(JSON.stringify((await response.json()).error)).toContain("prompt_cache_retention");
    });

    it("a streamed answer reports its cached tokens", async () => {
      const server = await start();
      const prompt = body([system(1_300), user(10)], { stream: true, ...streamExtra });
      await readEvents(await post(`${server.openaiBaseUrl}${path}`, prompt));
      const { events } = await readEvents(await post(`${server.openaiBaseUrl}${path}`, prompt));
      const reported = events.map((event) => event.json && streamed(event.json)).filter(Boolean);
      expect(reported).toHaveLength(1);
      expect(usage({ usage: reported[0] })).toEqual({
        total: 1_310,
        cached: 1_280,
      });
    });
  },
);
