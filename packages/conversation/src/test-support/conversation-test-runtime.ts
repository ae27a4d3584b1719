// The runtime this package's tests run calls in: catalog, admission, dispatcher, environment, on manual time.
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { CostLedger, JobDispatcher } from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { LlmEnvironment } from "../call/llm-environment.js";
import type { LlmClient } from "../client/llm-client.js";
import { ConversationService } from "../service/conversation-service.js";

export function entry(overrides: Partial<CatalogEntryInput> & { id: string }): CatalogEntryInput {
  return {
    provider: "openai",
    model: overrides.id,
    grade: "MEDIUM",
    contextWindow: 200_000,
    outputCeiling: 32_000,
    prices: {
      currency: "USD",
      effectiveFrom: "2025-01-01",
      source: "test fixture",
      input: "2",
      cacheRead: "0.5",
      output: "8",
    },
    limits: { requestsPerMinute: 1_000, tokensPerMinute: 1_000_000 },
    ...overrides,
  };
}

export const DEFAULT_ENTRIES = [
  entry({ id: "medium-a" }),
  entry({ id: "medium-b" }),
  entry({
    id: "textual",
    grade: "SMALL",
    provider: "openai-compatible",
    baseUrl: "http://127.0.0.1:1/v1",
    nativeTools: false,
  }),
];

export function conversationTestRuntime(
  client: LlmClient,
  entries: CatalogEntryInput[] = DEFAULT_ENTRIES,
) {
  const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
  const catalog = parseCatalog(entries, "test");
  const admission = new CatalogAdmission({ catalog, clock: time, timers: time });
  const ledger = new CostLedger();
  const dispatcher = new JobDispatcher({
    admission,
    clock: time,
    timers: time,
    observers: [ledger],
  });
  const environment = LlmEnvironment.from(
    admission,
    { openai: client, "openai-compatible": client },
    time,
  );
  const service = new ConversationService({ environment });
  return { time, catalog, admission, ledger, dispatcher, environment, service };
}
