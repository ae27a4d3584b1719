import {
  Catalog,
  CatalogAdmission,
  type CatalogEntry,
  type DeploymentPolicy,
  type SharedBudgetStore,
} from "@nucleo/catalog";
import { LlmEnvironment, type ProviderClients } from "@nucleo/conversation";
import type { Logger } from "@nucleo/core";
import { AnthropicClient } from "@nucleo/provider-anthropic";
import { OpenAiClient } from "@nucleo/provider-openai";
import type { MockProviderServer } from "@nucleo/testing";
import type { MockResponder } from "../mock/mock-responder.js";
import { startMockProvider } from "../mock/start-mock-provider.js";
import { WorkerError } from "../worker-error.js";

/** The environment variables the worker reads API keys from; their values are never printed. */
export const API_KEY_VARIABLES = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
} as const;

/** The variable naming a mock provider another process serves (`nucleo mock-provider`). */
export const MOCK_PROVIDER_URL_VARIABLE = "NUCLEO_MOCK_PROVIDER_URL";

/** What the models are built from. */
export interface ModelSetupOptions {
  readonly catalog: Catalog;
  readonly policy?: DeploymentPolicy;
  /** Where the API keys are read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The mock provider's turns, used only when no key is set. */
  readonly responders: readonly MockResponder[];
  readonly mockLatencyMs?: number;
  /**
   * Rate-limit budgets shared with every worker on the same database, so that together they
   * keep each entry's limits; without it the budgets are this process's alone.
   */
  readonly sharedBudgets?: SharedBudgetStore;
  /** Told of the shared store's failures (the admission's `logger`). Default: core's `stderrLogger`. */
  readonly logger?: Logger;
}

/** The deployment's models: real providers when a key is set, else the mock provider on loopback. */
export interface ModelSetup {
  readonly mode: "providers" | "mock";
  readonly admission: CatalogAdmission;
  readonly environment: LlmEnvironment;
  /** The mock provider, in mock mode. */
  readonly mock: MockProviderServer | undefined;
  /** One line saying plainly what serves the models (names the variables, never a key). */
  readonly notice: string;
  /** Stops the mock provider, if any. */
  close(): Promise<void>;
}

/**
 * Builds the admission, the environment and the provider clients for a catalog.
 *
 * - With `OPENAI_API_KEY` or `ANTHROPIC_API_KEY` set, the catalog's entries are served by the
 *   real APIs through `OpenAiClient` and `AnthropicClient`; entries of a provider whose key is
 *   missing are marked not callable, so the picker and the benchmark pass them over.
 * - With neither, the same catalog is served by the mock provider server of `@nucleo/testing`,
 *   started on loopback and scripted by the registered workflows; both clients talk to it over
 *   HTTP through the official SDKs (openai-compatible entries are pointed at it too).
 */
export async function setUpModels(options: ModelSetupOptions): Promise<ModelSetup> {
  const env = options.env ?? process.env;
  const keys = {
    openai: nonEmpty(env[API_KEY_VARIABLES.openai]),
    anthropic: nonEmpty(env[API_KEY_VARIABLES.anthropic]),
  };
  if (keys.openai === undefined && keys.anthropic === undefined) return mockModels(options);
  const catalog = new Catalog(
    options.catalog.entries().map((entry) => withCallable(entry, keys)),
    options.catalog.source,
  );
  const admission = admissionFor(catalog, options);
  const promptCache = options.policy?.promptCache !== false;
  const openai = new OpenAiClient({
    promptCache,
    ...(keys.openai === undefined ? {} : { apiKey: keys.openai }),
  });
  const clients: ProviderClients = {
    openai,
    "openai-compatible": openai,
    ...(keys.anthropic === undefined
      ? {}
      : { anthropic: new AnthropicClient({ apiKey: keys.anthropic, promptCache }) }),
  };
  const served = (["openai", "anthropic"] as const).map((provider) =>
    keys[provider] === undefined
      ? `${provider} entries not callable (${API_KEY_VARIABLES[provider]} is not set)`
      : `${provider} (${API_KEY_VARIABLES[provider]})`,
  );
  return {
    mode: "providers",
    admission,
    environment: LlmEnvironment.from(admission, clients),
    mock: undefined,
    notice: `real models from the catalog ${catalog.source}: ${served.join("; ")}`,
    close: async () => {},
  };
}

async function mockModels(options: ModelSetupOptions): Promise<ModelSetup> {
  const shared = sharedMockUrl(options.env ?? process.env);
  const mock = shared
    ? new SharedMock(shared)
    : await startMockProvider({
        responders: options.responders,
        latencyMs: options.mockLatencyMs ?? 0,
      });
  try {
    const entries = options.catalog
      .entries()
      .map((entry) =>
        entry.provider === "openai-compatible" ? { ...entry, baseUrl: mock.openaiBaseUrl } : entry,
      );
    const catalog = new Catalog(entries, options.catalog.source);
    const admission = admissionFor(catalog, options);
    // Placeholders: the mock records whether a key came, and these are no one's keys.
    // The deployment's switch holds on the mock too, so a mock run shows what it forbids.
    const promptCache = options.policy?.promptCache !== false;
    const openai = new OpenAiClient({
      apiKey: "mock-provider-no-key",
      baseURL: mock.openaiBaseUrl,
      promptCache,
    });
    const anthropic = new AnthropicClient({
      apiKey: "mock-provider-no-key",
      baseURL: mock.anthropicBaseUrl,
      promptCache,
    });
    return {
      mode: "mock",
      admission,
      environment: LlmEnvironment.from(admission, {
        openai,
        "openai-compatible": openai,
        anthropic,
      }),
      mock: mock instanceof SharedMock ? undefined : mock,
      notice: `no API key set: running on the ${shared ? `shared mock provider (${MOCK_PROVIDER_URL_VARIABLE})` : "mock provider"} at ${mock.url} (the catalog's entries, scripted turns; set ${API_KEY_VARIABLES.openai} or ${API_KEY_VARIABLES.anthropic} to use real models)`,
      close: () => mock.stop(),
    };
  } catch (error) {
    await mock.stop();
    throw error;
  }
}

/**
 * The mock provider another process serves (`nucleo mock-provider`), reached at its URL: what a
 * fleet of workers on the mock shares, so that its rate limits and counters see them all.
 */
class SharedMock {
  readonly url: string;
  readonly openaiBaseUrl: string;
  readonly anthropicBaseUrl: string;
  constructor(url: string) {
    this.url = url;
    this.openaiBaseUrl = `${url}/v1`;
    this.anthropicBaseUrl = url;
  }
  /** Not this process's server: nothing to stop. */
  async stop(): Promise<void> {}
}

/**
 * `NUCLEO_MOCK_PROVIDER_URL` as an origin without a trailing slash, or `undefined` when unset.
 *
 * @throws {WorkerError} `config_invalid` naming the variable when it is not an http(s) URL.
 */
function sharedMockUrl(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const value = env[MOCK_PROVIDER_URL_VARIABLE]?.trim();
  if (value === undefined || value === "") return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new WorkerError({
      code: "config_invalid",
      field: MOCK_PROVIDER_URL_VARIABLE,
      message: `${MOCK_PROVIDER_URL_VARIABLE} must be the http(s) URL \`nucleo mock-provider\` printed, e.g. http://127.0.0.1:4010.`,
    });
  return url.origin;
}

function withCallable(
  entry: CatalogEntry,
  keys: { readonly openai: string | undefined; readonly anthropic: string | undefined },
): CatalogEntry {
  if (entry.provider === "openai-compatible") return entry;
  return keys[entry.provider] === undefined ? { ...entry, callable: false } : entry;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function admissionFor(catalog: Catalog, options: ModelSetupOptions): CatalogAdmission {
  return new CatalogAdmission({
    catalog,
    ...(options.policy ? { policy: options.policy } : {}),
    ...(options.sharedBudgets ? { shared: options.sharedBudgets } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
