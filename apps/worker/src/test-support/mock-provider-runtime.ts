import { Catalog, loadCatalog, type CatalogEntry } from "@nucleo/catalog";
import { ConversationService, InMemoryConversationStore } from "@nucleo/conversation";
import { CostLedger, JobDispatcher, RunLog, type RunEvent } from "@nucleo/core";
import { setUpModels, type ModelSetup } from "../compose/model-setup.js";
import { packageFile } from "../package-files.js";
import { BUILT_IN_WORKFLOWS } from "../workflows/built-in-workflows.js";

/** The bundled example catalog, optionally only some of its entries. */
export async function exampleCatalog(
  keep: (entry: CatalogEntry) => boolean = () => true,
): Promise<Catalog> {
  const catalog = await loadCatalog(packageFile("config/catalog.yaml"));
  return new Catalog(catalog.entries().filter(keep), catalog.source);
}

/** The built-in workflows on the mock provider (no keys), observed in memory. */
export interface MockProviderRuntime {
  readonly models: ModelSetup;
  readonly dispatcher: JobDispatcher;
  readonly runLog: RunLog;
  readonly ledger: CostLedger;
  readonly events: RunEvent[];
  /** Durable conversations, in memory. */
  readonly conversations: ConversationService;
  close(): Promise<void>;
}

/** Starts the mock provider for `catalog` and a dispatcher observed by a run log, a ledger and an event list. */
export async function startMockProviderRuntime(catalog: Catalog): Promise<MockProviderRuntime> {
  const models = await setUpModels({
    catalog,
    env: {},
    responders: Object.values(BUILT_IN_WORKFLOWS).map((definition) => definition.mock),
  });
  const runLog = new RunLog();
  const ledger = new CostLedger();
  const events: RunEvent[] = [];
  const dispatcher = new JobDispatcher({
    admission: models.admission,
    observers: [runLog, ledger, { onEvent: (event) => events.push(event) }],
  });
  const conversations = new ConversationService({
    store: new InMemoryConversationStore(),
    environment: models.environment,
  });
  return { models, dispatcher, runLog, ledger, events, conversations, close: () => models.close() };
}
