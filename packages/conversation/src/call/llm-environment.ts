import { SystemError, systemClock, type Clock } from "@nucleo/core";
import type { CatalogAdmission, CatalogEntry, ModelPicker, TokenCounters } from "@nucleo/catalog";
import type { LlmClient } from "../client/llm-client.js";
import { withTextTools } from "../client/text-tools-client.js";

/** The clients of a deployment, one per provider kind it uses. */
export type ProviderClients = Partial<Record<CatalogEntry["provider"], LlmClient>>;

/**
 * What model calls need from the deployment: the picker (grades to entries), the token
 * counters (exact prices of requests), a client per provider, and the clock.
 *
 * @example
 * const admission = new CatalogAdmission({ catalog });
 * const environment = LlmEnvironment.from(admission, { openai: new OpenAiClient() });
 */
export class LlmEnvironment {
  readonly #clients: ProviderClients;
  readonly #wrapped = new Map<string, LlmClient>();

  constructor(
    readonly picker: ModelPicker,
    readonly tokens: TokenCounters,
    clients: ProviderClients,
    readonly clock: Clock = systemClock,
  ) {
    this.#clients = { ...clients };
  }

  /** The environment of an admission: its picker and its token counters. */
  static from(
    admission: CatalogAdmission,
    clients: ProviderClients,
    clock?: Clock,
  ): LlmEnvironment {
    return new LlmEnvironment(admission.picker, admission.tokens, clients, clock);
  }

  /**
   * The client for an entry's provider — wrapped for text-encoded tools when the entry has no
   * native tool calling.
   *
   * @throws {SystemError} naming the provider and the entry when none is configured.
   */
  clientFor(entry: CatalogEntry): LlmClient {
    const client = this.#clients[entry.provider];
    if (!client) {
      throw new SystemError({
        code: "no_client",
        message: `No client is configured for provider "${entry.provider}" (entry "${entry.id}").`,
      });
    }
    if (entry.nativeTools) return client;
    let wrapped = this.#wrapped.get(entry.provider);
    if (!wrapped) {
      wrapped = withTextTools(client);
      this.#wrapped.set(entry.provider, wrapped);
    }
    return wrapped;
  }
}
