import { toolDefinition, type ToolDefinition } from "@nucleo/conversation";
import type { ToolProvider } from "./tool-provider.js";

/**
 * The tools a thinker offers its model, by name. `register` and `unregister` are no-ops when
 * the registry is already in the desired state, so reconcile hooks can be state-based: the
 * same input state applied twice gives the same contents.
 */
export class ToolRegistry {
  readonly #providers = new Map<string, ToolProvider>();
  #version = 0;

  /** Registers `provider` under its name; a no-op when it is already the one registered. */
  register(provider: ToolProvider): this {
    if (this.#providers.get(provider.name) === provider) return this;
    this.#providers.set(provider.name, provider);
    this.#version += 1;
    return this;
  }

  /** Removes the tool named `name`; a no-op when there is none. */
  unregister(name: string): this {
    if (this.#providers.delete(name)) this.#version += 1;
    return this;
  }

  has(name: string): boolean {
    return this.#providers.has(name);
  }

  get(name: string): ToolProvider | undefined {
    return this.#providers.get(name);
  }

  /** The registered providers by name, as a live read-only view (no copy is made). */
  byName(): ReadonlyMap<string, ToolProvider> {
    return this.#providers;
  }

  /** The registered providers, in registration order. */
  providers(): readonly ToolProvider[] {
    return [...this.#providers.values()];
  }

  /** Changes whenever the contents do (a no-op register or unregister leaves it as it was). */
  get version(): number {
    return this.#version;
  }

  /** The tools as the model is told about them (`toolDefinition` shares each definition). */
  definitions(): ToolDefinition[] {
    return this.providers().map((provider) => toolDefinition(provider.name, provider.description, provider.inputSchema()));
  }
}
