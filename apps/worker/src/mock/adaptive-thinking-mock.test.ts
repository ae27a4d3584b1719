import { Catalog, type CatalogEntry } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { exampleCatalog, startMockProviderRuntime } from "../test-support/mock-provider-runtime.js";
import { BUILT_IN_WORKFLOWS } from "../workflows/built-in-workflows.js";

describe("the mock provider with adaptive thinking", () => {
  it("answers an adaptive call with a thinking block and an envelope that keeps its reasoning, so the thinker accepts it", async () => {
    const anthropic = await exampleCatalog((entry) => entry.provider === "anthropic");
    // The LARGE entry thinks adaptively here: no thinking block is guaranteed, so the answer
    // contract still asks for reasoning, and the mock must give it.
    const adaptive = new Catalog(
      anthropic
        .entries()
        .map(
          (entry): CatalogEntry =>
            entry.grade === "LARGE" ? { ...entry, thinkingMode: "adaptive" } : entry,
        ),
      anthropic.source,
    );
    const runtime = await startMockProviderRuntime(adaptive);
    try {
      const definition = BUILT_IN_WORKFLOWS.budget_check;
      const start = definition.start(definition.input.parse({ costs: [40, 70, 25], budget: 120 }), {
        environment: runtime.models.environment,
        conversations: runtime.conversations,
      });
      expect(await runtime.dispatcher.submit(start.job, start.input)).toEqual({
        total: 135,
        verdict: "over",
      });
      const bodies = runtime.models.mock!.requests.map((request) => request.body);
      expect(bodies.every((body) => (body.thinking as { type?: string }).type === "adaptive")).toBe(
        true,
      );
    } finally {
      await runtime.close();
    }
  });
});
