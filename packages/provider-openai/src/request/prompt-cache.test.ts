import type { CatalogEntryInput } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { toResponsesParams } from "../responses/to-responses-params.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import type { RequestSettings } from "./request-settings.js";
import { toOpenAiParams } from "./to-openai-params.js";

const on: RequestSettings = { promptCache: true, reasoningSummaries: false };
const off: RequestSettings = { promptCache: false, reasoningSummaries: false };
const keyed = requestOf({ cacheKey: "nucleo-conversation-hash" });
const compatible = { provider: "openai-compatible", baseUrl: "http://localhost:8000/v1" } as const;

// Both APIs take the caching fields under the same names, so one table pins both.
const apis = [
  [
    "chat-completions",
    (entry: Partial<CatalogEntryInput>, settings: RequestSettings) =>
      toOpenAiParams(keyed, bindingOf(entryOf(entry)), settings),
  ],
  [
    "responses",
    (entry: Partial<CatalogEntryInput>, settings: RequestSettings) =>
      toResponsesParams(keyed, bindingOf(entryOf({ api: "responses", ...entry })), settings),
  ],
] as const;

describe.each(apis)("prompt caching on %s", (_api, paramsFor) => {
  it("sends the request's cache key as prompt_cache_key, and says retention \"in_memory\" for the 5-minute lifetime rather than leave OpenAI's 24-hour default", () => {
    expect(paramsFor({}, on)).toMatchObject({
      prompt_cache_key: "nucleo-conversation-hash",
      prompt_cache_retention: "in_memory",
    });
    expect(paramsFor({ promptCache: { lifetime: "5m" } }, on)).toMatchObject({
      prompt_cache_retention: "in_memory",
    });
  });

  it('asks for 24-hour retention when the entry\'s lifetime is "24h"', () => {
    expect(paramsFor({ promptCache: { lifetime: "24h" } }, on)).toMatchObject({
      prompt_cache_key: "nucleo-conversation-hash",
      prompt_cache_retention: "24h",
    });
  });

  it.each([
    ["the entry turns caching off", { promptCache: "off" }, on],
    ["the client's promptCache option is false", { promptCache: { lifetime: "24h" } }, off],
  ] as const)(
    'sends no key and the least retention OpenAI allows ("in_memory") when %s',
    (_name, entry, settings) => {
      const params = paramsFor(entry, settings);
      expect(params).not.toHaveProperty("prompt_cache_key");
      expect(params.prompt_cache_retention).toBe("in_memory");
    },
  );
});

describe("prompt caching and OpenAI-compatible servers", () => {
  it.each([
    ["caching on", on],
    ["the client's promptCache option false", off],
  ] as const)(
    "never sends the caching fields to a compatible server (%s): strict ones refuse unknown fields",
    (_name, settings) => {
      const params = toOpenAiParams(keyed, bindingOf(entryOf(compatible)), settings);
      expect(params).not.toHaveProperty("prompt_cache_key");
      expect(params).not.toHaveProperty("prompt_cache_retention");
    },
  );

  it("sends no key when the request has none", () => {
    expect(toOpenAiParams(requestOf(), bindingOf(entryOf()), on)).not.toHaveProperty(
      "prompt_cache_key",
    );
  });
});
