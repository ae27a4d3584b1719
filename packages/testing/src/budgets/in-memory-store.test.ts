import { InMemorySharedBudgetStore } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { sharedBudgetStoreCases } from "./shared-budget-store-cases.js";

describe("InMemorySharedBudgetStore keeps the SharedBudgetStore contract", () => {
  it.each(sharedBudgetStoreCases)("$name", async ({ run }) => {
    await run(new InMemorySharedBudgetStore());
  });

  it("every case has a name of its own", () => {
    expect(new Set(sharedBudgetStoreCases.map((testCase) => testCase.name)).size).toBe(
      sharedBudgetStoreCases.length,
    );
  });
});
