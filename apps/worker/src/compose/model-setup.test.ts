import { describe, expect, it } from "vitest";
import { exampleCatalog } from "../test-support/mock-provider-runtime.js";
import { setUpModels } from "./model-setup.js";

describe("the worker's models", () => {
  it("with no key, serves the whole catalog from the mock provider on loopback, and says so", async () => {
    const models = await setUpModels({
      catalog: await exampleCatalog(),
      env: { OPENAI_API_KEY: " " },
      responders: [],
    });
    try {
      expect(models.mode).toBe("mock");
      expect(models.notice).toBe(
        `no API key set: running on the mock provider at ${models.mock!.url} (the catalog's entries, scripted turns; set OPENAI_API_KEY or ANTHROPIC_API_KEY to use real models)`,
      );
      expect(models.mock!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(models.environment.picker.candidates("SMALL").map((entry) => entry.id)).toEqual([
        "openai-gpt-5-nano",
        "anthropic-claude-haiku-4-5",
      ]);
    } finally {
      await models.close();
    }
  });

  it("with one provider's key, only that provider's entries are callable, and the key is never printed", async () => {
    const secret = "sk-test-this-must-never-be-printed";
    const models = await setUpModels({
      catalog: await exampleCatalog(),
      env: { OPENAI_API_KEY: secret },
      responders: [],
    });
    expect(models.mode).toBe("providers");
    expect(models.mock).toBeUndefined();
    expect(models.notice).toContain(
      "openai (OPENAI_API_KEY); anthropic entries not callable (ANTHROPIC_API_KEY is not set)",
    );
    expect(models.notice).not.toContain(secret);
    expect(models.environment.picker.candidates("SMALL").map((entry) => entry.id)).toEqual([
      "openai-gpt-5-nano",
    ]);
    expect(models.environment.picker.candidates("XL").map((entry) => entry.id)).toEqual([
      "openai-gpt-5-4",
    ]);
  });

  it("with both keys, every entry is callable", async () => {
    const models = await setUpModels({
      catalog: await exampleCatalog(),
      env: { OPENAI_API_KEY: "sk-a", ANTHROPIC_API_KEY: "sk-ant-b" },
      responders: [],
    });
    expect(models.environment.picker.candidates("LARGE").map((entry) => entry.id)).toEqual([
      "openai-gpt-5",
      "anthropic-claude-sonnet-4-6",
    ]);
  });
});
