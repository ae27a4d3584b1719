import { InvalidInputError } from "@nucleo/core";
import { afterEach, describe, expect, it } from "vitest";
import { post } from "../../test-support/wire-client.js";
import { MockProviderServer } from "../mock-provider-server.js";
import type { MockServerOptions } from "../mock-types.js";
import { countMarkedTokens, manualClock, tok } from "./cache-test-support.js";

const servers: MockProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function start(options: MockServerOptions = {}): Promise<MockProviderServer> {
  const server = await MockProviderServer.start({
    clock: manualClock(),
    countTokens: countMarkedTokens,
    ...options,
  });
  servers.push(server);
  return server;
}

interface PromptSplit {
  readonly input: number;
  readonly read: number;
  readonly written: number;
}

const marked = { type: "text", text: tok(1_300), cache_control: { type: "ephemeral" } };
const wires = [
  {
    wire: "Chat Completions",
    url: (server: MockProviderServer) => `${server.openaiBaseUrl}/chat/completions`,
    body: (turn: number) => ({
      model: "gpt-test",
      messages: [
        { role: "system", content: tok(1_300) },
        { role: "user", content: tok(10 + turn) },
      ],
    }),
    split: ({ usage }: any): PromptSplit => ({
      input: usage.prompt_tokens - usage.prompt_tokens_details.cached_tokens,
      read: usage.prompt_tokens_details.cached_tokens,
      written: 0,
    }),
  },
  {
    wire: "Responses",
    url: (server: MockProviderServer) => `${server.openaiBaseUrl}/responses`,
    body: (turn: number) => ({
      model: "gpt-test",
      instructions: tok(1_300),
      input: tok(10 + turn),
    }),
    split: ({ usage }: any): PromptSplit => ({
      input:
        usage.input_tokens -
        usage.input_tokens_details.cached_tokens -
        usage.input_tokens_details.cache_write_tokens,
      read: usage.input_tokens_details.cached_tokens,
      written: usage.input_tokens_details.cache_write_tokens,
    }),
  },
  {
    wire: "Messages",
    url: (server: MockProviderServer) => `${server.anthropicBaseUrl}/v1/messages`,
    body: (turn: number) => ({
      model: "claude-test",
      max_tokens: 1024,
      system: [marked],
      messages: [{ role: "user", content: tok(10 + turn) }],
    }),
    split: ({ usage }: any): PromptSplit => ({
      input: usage.input_tokens,
      read: usage.cache_read_input_tokens,
      written: usage.cache_creation_input_tokens,
    }),
  },
] as const;

describe.each(wires)("the prompt cache on the $wire wire", ({ url, body, split }) => {
  const splits = async (server: MockProviderServer, turns: number) => {
    const seen: PromptSplit[] = [];
    for (let turn = 0; turn < turns; turn++)
      seen.push(split(await (await post(url(server), body(turn))).json()));
    return seen;
  };
  const sum = (part: PromptSplit) => part.input + part.read + part.written;

  it("changes how a prompt is reported, never its total: input + read + written is the uncached prompt, and the tokens the limits count stay the same", async () => {
    const cached = await start();
    const uncached = await start({ promptCache: false });
    const withCache = await splits(cached, 3);
    const withoutCache = await splits(uncached, 3);
    expect(withCache.slice(1).every((part) => part.read > 0)).toBe(true);
    expect(withCache.map(sum)).toEqual(withoutCache.map(sum));
    expect(cached.counts.tokens).toBe(uncached.counts.tokens);
  });

  it("promptCache false reports no reads and no writes", async () => {
    const server = await start({ promptCache: false });
    for (const part of await splits(server, 3)) expect(part).toMatchObject({ read: 0, written: 0 });
    expect(server.counts).toMatchObject({ cachedInputTokens: 0, cacheWriteTokens: 0 });
  });

  it("a script that states the prompt's usage wins over the cache, which still sees the prompt", async () => {
    const server = await start();
    server.script(
      { kind: "answer", text: "a", usage: { inputTokens: 5 } },
      { kind: "answer", text: "b", usage: { outputTokens: 1 } },
    );
    const [scripted, next] = await splits(server, 2);
    expect(scripted).toEqual({ input: 5, read: 0, written: 0 });
    expect(next!.read).toBeGreaterThan(0);
  });
});

describe("the promptCache option", () => {
  it.each([
    { option: { minCacheableTokens: 0 }, parameter: "promptCache.minCacheableTokens" },
    { option: { minCacheableTokens: 1.5 }, parameter: "promptCache.minCacheableTokens" },
    { option: { routingRequestsPerMinute: 0 }, parameter: "promptCache.routingRequestsPerMinute" },
  ])("refuses $option naming $parameter", async ({ option, parameter }) => {
    const refused = await MockProviderServer.start({ promptCache: option }).catch(
      (error: unknown) => error,
    );
    expect(InvalidInputError.isInstance(refused)).toBe(true);
    expect((refused as InvalidInputError).parameter).toBe(parameter);
  });

  it("minCacheableTokens sets the shortest prefix cached", async () => {
    const server = await start({ promptCache: { minCacheableTokens: 100 } });
    const body = { model: "gpt-test", input: tok(300) };
    const url = `${server.openaiBaseUrl}/responses`;
    await post(url, body);
    const { usage } = await (await post(url, body)).json();
    // 100 plus whole increments of 128: 228 of the 300.
    expect(usage.input_tokens_details.cached_tokens).toBe(228);
  });
});

describe("what an Anthropic prompt counts", () => {
  it("cache markers are not prompt tokens, and a system text costs the same as a string or as a block", async () => {
    // The default count (characters / 4) sees every character of the JSON, markers included.
    const server = await start({ countTokens: undefined, promptCache: false });
    const inputOf = async (body: Record<string, unknown>) => {
      const response = await post(`${server.anthropicBaseUrl}/v1/messages`, {
        model: "claude-test",
        max_tokens: 64,
        ...body,
      });
      return ((await response.json()) as { usage: { input_tokens: number } }).usage.input_tokens;
    };
    const system = "You judge claims. ".repeat(20);
    const plain = await inputOf({
      system,
      messages: [{ role: "user", content: [{ type: "text", text: "Claim 1?" }] }],
    });
    const marked = await inputOf({
      system: [{ type: "text", text: system, cache_control: { type: "ephemeral", ttl: "1h" } }],
      messages: [
        {
          role: "user",
          content: [{ type: "text", text: "Claim 1?", cache_control: { type: "ephemeral" } }],
        },
      ],
    });
    expect(marked).toBe(plain);
  });
});
