import type { LlmCallEvent } from "@nucleo/core";
import { CostLedger, JobDispatcher } from "@nucleo/core";
import { ConversationService, InMemoryConversationStore } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { exampleCatalog } from "../test-support/mock-provider-runtime.js";
import { BUILT_IN_WORKFLOWS } from "../workflows/built-in-workflows.js";
import { setUpModels } from "./model-setup.js";

/** `budget_check` on its example input (a loop long enough to cache), on one provider's entries. */
async function cacheUsage(provider: "openai" | "anthropic", promptCache: boolean | undefined) {
  const models = await setUpModels({
    catalog: await exampleCatalog((entry) => entry.provider === provider),
    env: {},
    responders: Object.values(BUILT_IN_WORKFLOWS).map((definition) => definition.mock),
    ...(promptCache === undefined ? {} : { policy: { promptCache } }),
  });
  try {
    const calls: LlmCallEvent[] = [];
    const dispatcher = new JobDispatcher({
      admission: models.admission,
      observers: [
        new CostLedger(),
        { onEvent: (event) => event.type === "llm.call" && calls.push(event) },
      ],
    });
    const conversations = new ConversationService({
      store: new InMemoryConversationStore(),
      environment: models.environment,
    });
    const definition = BUILT_IN_WORKFLOWS.budget_check;
    const start = definition.start(definition.input.parse(definition.exampleInput), {
      environment: models.environment,
      conversations,
    });
    await dispatcher.submit(start.job, start.input);
    const served = models.mock!.requests.map((request) => JSON.stringify(request.body));
    return {
      read: calls.reduce((sum, call) => sum + (call.usage.cachedInputTokens ?? 0), 0),
      written: calls.reduce((sum, call) => sum + (call.usage.cacheWriteTokens ?? 0), 0),
      askedToCache: served.some(
        (body) => body.includes('"cache_control"') || body.includes('"prompt_cache_key"'),
      ),
    };
  } finally {
    await models.close();
  }
}

describe("the deployment's prompt-caching switch", () => {
  it("policy promptCache false: no request asks to cache, and Anthropic reads and writes nothing", async () => {
    expect(await cacheUsage("anthropic", false)).toEqual({
      read: 0,
      written: 0,
      askedToCache: false,
    });
    // OpenAI caches long prompts by itself: the switch stops the key, not the provider.
    expect((await cacheUsage("openai", false)).askedToCache).toBe(false);
  });

  it("without the switch, both providers are asked to cache and the thinker's loop reads its prefix", async () => {
    for (const provider of ["anthropic", "openai"] as const) {
      const usage = await cacheUsage(provider, undefined);
      expect(usage.askedToCache, provider).toBe(true);
      expect(usage.read, provider).toBeGreaterThan(0);
    }
  });
});
