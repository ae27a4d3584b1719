// examples/shared-admission.ts
import { CatalogAdmission, InMemorySharedBudgetStore, parseCatalog } from "@nucleo/catalog";

const catalog = parseCatalog(
  [
    {
      id: "mini",
      provider: "openai",
      model: "gpt-5-mini",
      grade: "SMALL",
      contextWindow: 400_000,
      outputCeiling: 128_000,
      prices: {
        currency: "USD",
        effectiveFrom: "2026-01-01",
        source: "example",
        input: "0.25",
        output: "2",
      },
      limits: { requestsPerMinute: 500, tokensPerMinute: 10_000 },
      // This example shows the window's room shared by two workers; pacing (on by default)
      // would spread these two seats over the minute instead.
      pacing: "off",
    },
  ],
  "fleet.yaml",
);

// Two workers of a fleet share the entry's budgets through one store. In production the store
// is Postgres (@nucleo/recorder-postgres), one per fleet; the in-memory one stands in here.
const store = new InMemorySharedBudgetStore();
const workerA = new CatalogAdmission({ catalog, shared: store, sharedPollMs: 100 });
const workerB = new CatalogAdmission({ catalog, shared: store, sharedPollMs: 100 });
const options = (jobId: string) => ({ signal: AbortSignal.timeout(5_000), jobId });

// A books 2,000 input tokens plus a 4,000-token output budget: 6,000 of the 10,000 per minute.
const first = await workerA.reserve(
  { entryId: "mini", inputTokens: 2_000, maxOutputTokens: 4_000 },
  options("a-1"),
);
// B's seat of the same size does not fit the fleet's budget now, so it waits...
const waiting = workerB.reserve(
  { entryId: "mini", inputTokens: 2_000, maxOutputTokens: 4_000 },
  options("b-1"),
);
// ...until A's call settles, having used 500 of its 4,000 output tokens; B finds the room
// within sharedPollMs.
workerA.settle(first, { inputTokens: 2_000, outputTokens: 500 });
const second = await waiting;
console.log(
  second.entryId,
  workerB
    .usage("mini")
    .map((limit) => `${limit.limit} ${limit.used}/${limit.max}`)
    .join(", "),
); // mini requestsPerMinute 1/500, tokensPerMinute 6000/10000
