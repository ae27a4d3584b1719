import type { CatalogEntryInput } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { toResponsesParams } from "../responses/to-responses-params.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import type { RequestSettings } from "./request-settings.js";
import { toOpenAiParams } from "./to-openai-params.js";

const on: RequestSettings = { promptCache: true };
const off: RequestSettings = { promptCache: false };
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
  it("sends the request's cache key as prompt_cache_key, and no retention for the default 5-minute lifetime", () => {
    const params = paramsFor({}, on);
    expect(params.prompt_cache_key).toBe("nucleo-conversation-hash");
    expect(params).not.toHaveProperty("prompt_cache_retention");
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
  ] as const)("sends no caching field when %s", (_name, entry, settings) => {
    const params = paramsFor(entry, settings);
    expect(params).not.toHaveProperty("prompt_cache_key");
    expect(params).not.toHaveProperty("prompt_cache_retention");
  });
});

describe("prompt caching and OpenAI-compatible servers", () => {
  it("never sends the caching fields to a compatible server: strict ones refuse unknown fields", () => {
    const params = toOpenAiParams(keyed, bindingOf(entryOf(compatible)), on);
    expect(params).not.toHaveProperty("prompt_cache_key");
    expect(params).not.toHaveProperty("prompt_cache_retention");
  });

  it("sends no key when the request has none", () => {
    expect(toOpenAiParams(requestOf(), bindingOf(entryOf()), on)).not.toHaveProperty(
      "prompt_cache_key",
    );
  });
});
