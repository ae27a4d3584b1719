// Catalog, admission, dispatcher and environment for this package's tests.
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { LlmEnvironment, type LlmClient } from "@nucleo/conversation";
import { JobDispatcher, type RunEvent } from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";

const PRICES = { currency: "USD", effectiveFrom: "2025-01-01", source: "test fixture", input: "1", output: "4" };
const entry = (id: string, grade: CatalogEntryInput["grade"]): CatalogEntryInput => ({
  id, provider: "openai", model: id, grade, contextWindow: 128_000, outputCeiling: 16_000, prices: PRICES, limits: { tokensPerMinute: 10_000_000 },
});

export function world(client: LlmClient) {
  const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
  const catalog = parseCatalog([entry("small", "SMALL"), entry("medium", "MEDIUM"), entry("large", "LARGE"), entry("xl", "XL")], "tools-test");
  const admission = new CatalogAdmission({ catalog, clock: time, timers: time });
  const events: RunEvent[] = [];
  const dispatcher = new JobDispatcher({ admission, clock: time, timers: time, observers: [{ onEvent: (event) => events.push(event) }] });
  const environment = LlmEnvironment.from(admission, { openai: client }, time);
  return { time, catalog, admission, dispatcher, environment, events };
}
