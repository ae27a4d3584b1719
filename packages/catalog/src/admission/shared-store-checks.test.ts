import { describe, expect, it } from "vitest";
import type { SharedDemand } from "./shared-budget-store.js";
import { sharedStoreChecks } from "./shared-store-checks.js";

describe("sharedStoreChecks", () => {
  it("an unknown limit name is an error naming it, even beside known ones", () => {
    const demand = {
      entryId: "a",
      limits: { requestsPerMinute: 5, requestPerMinute: 5 },
      inputTokens: 0,
      outputTokens: 0,
    } as unknown as SharedDemand;
    expect(() => sharedStoreChecks.demand(demand)).toThrow(
      expect.objectContaining({ parameter: "demand.limits.requestPerMinute" }),
    );
  });

  it("returns the declared limits in the catalog's order, with what the demand books against each", () => {
    const demand: SharedDemand = {
      entryId: "a",
      limits: { outputTokensPerMinute: 900, requestsPerMinute: 5, tokensPerMinute: 1_000 },
      inputTokens: 300,
      outputTokens: 600,
    };
    expect(sharedStoreChecks.demand(demand)).toEqual([
      { name: "requestsPerMinute", max: 5, amount: 1 },
      { name: "tokensPerMinute", max: 1_000, amount: 900 },
      { name: "outputTokensPerMinute", max: 900, amount: 600 },
    ]);
  });
});
