import {
  CatalogAdmission,
  parseCatalog,
  type Catalog,
  type CatalogEntryInput,
} from "@nucleo/catalog";
import { LlmEnvironment, type LlmClient, type ProviderClients } from "@nucleo/conversation";
import {
  JobDispatcher,
  type Clock,
  type RunEvent,
  type RunObserver,
  type Timers,
} from "@nucleo/core";
import { EventLog } from "@nucleo/core/testing";
import { ScriptedLlmClient } from "../scripted/scripted-llm-client.js";
import type { ScriptedTurn } from "../scripted/scripted-turn.js";

const PRICES = {
  currency: "USD",
  effectiveFrom: "2025-01-01",
  source: "@nucleo/testing fixture",
  input: "1",
  output: "4",
} as const;

function runtimeEntry(id: string, grade: CatalogEntryInput["grade"]): CatalogEntryInput {
  return {
    id,
    provider: "openai",
    model: id,
    grade,
    contextWindow: 128_000,
    outputCeiling: 16_000,
    prices: PRICES,
    limits: { requestsPerMinute: 1_000, tokensPerMinute: 10_000_000 },
  };
}

/**
 * The catalog a {@link testRuntime} serves unless given one: an OpenAI entry for each grade from
 * `SMALL` to `XL` (`small`, `medium`, `large`, `xl`), each priced $1 in and $4 out per million
 * tokens, with limits no test reaches.
 */
export const TEST_RUNTIME_ENTRIES: readonly CatalogEntryInput[] = Object.freeze([
  runtimeEntry("small", "SMALL"),
  runtimeEntry("medium", "MEDIUM"),
  runtimeEntry("large", "LARGE"),
  runtimeEntry("xl", "XL"),
]);

/** What a {@link testRuntime} is built from, beyond its client. */
export interface TestRuntimeOptions {
  /** The catalog's entries. Default {@link TEST_RUNTIME_ENTRIES}. */
  readonly entries?: readonly CatalogEntryInput[];
  /**
   * The clock and timers of admission, dispatcher and environment alike: `ManualTimers` from
   * `@nucleo/core/testing` is both, so a test moves time by hand. Default: the real ones.
   */
  readonly time?: Clock & Timers;
  /** Observers the dispatcher reports to besides the runtime's own `events` (a `CostLedger`, a recorder). */
  readonly observers?: readonly RunObserver[];
}

/** A catalog, its admission, an environment and a dispatcher, all around one client. */
export interface TestRuntime<TClient extends LlmClient> {
  /** The client every provider of the catalog is answered by. */
  readonly client: TClient;
  readonly catalog: Catalog;
  readonly admission: CatalogAdmission;
  /** What thinkers, `LLMCall`s and one-call tools are given (`{ environment }`). */
  readonly environment: LlmEnvironment;
  readonly dispatcher: JobDispatcher;
  /** Every event the dispatcher has reported, in order. */
  readonly events: RunEvent[];
}

/**
 * Everything a job that calls a model needs, built around one client: the catalog (parsed and
 * checked), its admission, an environment in which that client answers every provider the
 * catalog names, and a dispatcher on that admission that records its events. Give it the
 * scripted turns, or a client of your own (a `ScriptedLlmClient` with options, a mock
 * server's provider client).
 *
 * @example
 * const { dispatcher, environment, client } = testRuntime([ScriptedLlmClient.answer("Paris.")]);
 * await dispatcher.submit(new QuickLLMQuestionTool({ environment }), { question: "Capital of France?", grade: "SMALL" });
 * client.requests.length; // 1
 */
export function testRuntime(
  script: readonly ScriptedTurn[],
  options?: TestRuntimeOptions,
): TestRuntime<ScriptedLlmClient>;
export function testRuntime<TClient extends LlmClient>(
  client: TClient,
  options?: TestRuntimeOptions,
): TestRuntime<TClient>;
export function testRuntime(
  clientOrScript: LlmClient | readonly ScriptedTurn[],
  options: TestRuntimeOptions = {},
): TestRuntime<LlmClient> {
  const client = Array.isArray(clientOrScript)
    ? new ScriptedLlmClient(clientOrScript)
    : (clientOrScript as LlmClient);
  const { time } = options;
  const catalog = parseCatalog(options.entries ?? TEST_RUNTIME_ENTRIES, "testRuntime entries");
  const admission = new CatalogAdmission(
    time === undefined ? { catalog } : { catalog, clock: time, timers: time },
  );
  const clients: ProviderClients = Object.fromEntries(
    catalog.entries().map((entry) => [entry.provider, client]),
  );
  const environment = LlmEnvironment.from(admission, clients, time);
  const log = new EventLog();
  const observers: RunObserver[] = [log, ...(options.observers ?? [])];
  const dispatcher = new JobDispatcher(
    time === undefined
      ? { admission, observers }
      : { admission, observers, clock: time, timers: time },
  );
  return { client, catalog, admission, environment, dispatcher, events: log.events };
}
