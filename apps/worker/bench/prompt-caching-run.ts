/**
 * One cell of the prompt-caching bench: a fleet of `budget_check` workflows on one provider's
 * LARGE entry, caching on or off, against the mock provider's caching model (decision 0045). The
 * mock runs on a virtual clock that advances a turn's worth of time per request, so concurrent
 * loops each take a turn every `turnMs` as real ones would, and the OpenAI routing limit (about
 * 15 requests a minute per prefix and key) sees a fleet's rate, not a test's.
 */
import { Catalog, type CatalogEntry } from "@nucleo/catalog";
import { ConversationService, InMemoryConversationStore } from "@nucleo/conversation";
import { CostLedger, JobDispatcher, type LlmCallEvent, type RunEvent } from "@nucleo/core";
import { MockProviderServer } from "@nucleo/testing";
import { MOCK_PROVIDER_URL_VARIABLE, setUpModels } from "../src/compose/model-setup.ts";
import { replyTo } from "../src/mock/start-mock-provider.ts";
import { BUILT_IN_WORKFLOWS } from "../src/workflows/built-in-workflows.ts";

/** What one cell runs. */
export interface CachingCell {
  readonly entry: CatalogEntry;
  readonly caching: boolean;
  /** The workflow's input (the example loop, or the 20-turn loop). */
  readonly input: unknown;
  /** How many workflows run at once, sharing the entry and its system text. */
  readonly concurrent: number;
  /** How long one loop's turn takes, in virtual time. */
  readonly turnMs: number;
}

/** What one cell spent: every call's event, and the ledger's totals per workflow. */
export interface CachingOutcome {
  readonly calls: readonly LlmCallEvent[];
  /** The ledger's cost per workflow (decimal text, the entry's currency). */
  readonly ledgerCosts: readonly string[];
  readonly wallMs: number;
}

/** Runs one cell and returns what it spent. */
export async function runCachingCell(cell: CachingCell): Promise<CachingOutcome> {
  let virtualMs = Date.parse("2026-12-01T00:00:00Z");
  const stepMs = cell.turnMs / cell.concurrent;
  const responders = Object.values(BUILT_IN_WORKFLOWS).map((definition) => definition.mock);
  const server = await MockProviderServer.start({ clock: { now: () => virtualMs } });
  server.handle((request) => {
    virtualMs += stepMs;
    return replyTo(request, { responders });
  });
  // The bench measures what calls cost, not how the admission spends limits: the example
  // catalog's illustrative limits would pace eight thinkers for minutes of real time.
  const entry: CatalogEntry = {
    ...cell.entry,
    limits: { requestsPerMinute: 1_000_000 },
    pacing: "off",
    promptCache: cell.caching ? cell.entry.promptCache : "off",
  };
  const models = await setUpModels({
    catalog: new Catalog([entry], "prompt-caching bench"),
    env: { [MOCK_PROVIDER_URL_VARIABLE]: server.url },
    responders,
  });
  const events: RunEvent[] = [];
  const ledger = new CostLedger();
  const dispatcher = new JobDispatcher({
    admission: models.admission,
    observers: [ledger, { onEvent: (event) => events.push(event) }],
  });
  const conversations = new ConversationService({
    store: new InMemoryConversationStore(),
    environment: models.environment,
  });
  const started = performance.now();
  try {
    const definition = BUILT_IN_WORKFLOWS.budget_check;
    const handles = Array.from({ length: cell.concurrent }, () => {
      const start = definition.start(definition.input.parse(cell.input), {
        environment: models.environment,
        conversations,
      });
      return dispatcher.submit(start.job, start.input);
    });
    await Promise.all(handles);
    const currency = entry.prices[0]!.currency;
    return {
      calls: events.filter((event): event is LlmCallEvent => event.type === "llm.call"),
      ledgerCosts: handles.map(
        (handle) => ledger.totalFor(handle.id).cost.get(currency)?.toString() ?? "0",
      ),
      wallMs: performance.now() - started,
    };
  } finally {
    await models.close();
    await server.stop();
  }
}
