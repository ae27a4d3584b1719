import { toolDefinition, type ToolDefinition } from "@nucleo/conversation";
import type { ToolProvider } from "./tool-provider.js";

const NO_PROVIDERS: readonly ToolProvider[] = Object.freeze([]);

/**
 * The tools a thinker offers its model, by name. `register` and `unregister` are no-ops when
 * the registry is already in the desired state, so reconcile hooks can be state-based: the
 * same input state applied twice gives the same contents.
 */
export class ToolRegistry {
  // A list replaced on every change and never changed in place: what `providers` handed
  // out stays as it was (a turn's palette) without a copy per turn. A thinker has a handful of
  // tools, and one is built per run: a list found by a scan weighs and costs less than a Map.
  #providers: readonly ToolProvider[] = NO_PROVIDERS;
  #version = 0;

  /** Registers `provider` under its name; a no-op when it is already the one registered. */
  register(provider: ToolProvider): this {
    const providers = this.#providers;
    const index = indexOf(providers, provider.name);
    if (index >= 0 && providers[index] === provider) return this;
    const next = index >= 0 ? providers.slice() : copyWithRoom(providers);
    next[index >= 0 ? index : providers.length] = provider;
    return this.#replace(next);
  }

  /** Removes the tool named `name`; a no-op when there is none. */
  unregister(name: string): this {
    const index = indexOf(this.#providers, name);
    if (index < 0) return this;
    return this.#replace(this.#providers.filter((_provider, at) => at !== index));
  }

  has(name: string): boolean {
    return indexOf(this.#providers, name) >= 0;
  }

  get(name: string): ToolProvider | undefined {
    const index = indexOf(this.#providers, name);
    return index >= 0 ? this.#providers[index] : undefined;
  }

  /** The registered providers by name, as they are now (a copy). */
  byName(): ReadonlyMap<string, ToolProvider> {
    return new Map(this.#providers.map((provider) => [provider.name, provider]));
  }

  /** The registered providers, in registration order: a snapshot never changed after, shared rather than copied (treat it as read-only). */
  providers(): readonly ToolProvider[] {
    return this.#providers;
  }

  /** Changes whenever the contents do (a no-op register or unregister leaves it as it was). */
  get version(): number {
    return this.#version;
  }

  /** The tools as the model is told about them (`toolDefinition` shares each definition). */
  definitions(): ToolDefinition[] {
    return this.#providers.map((provider) =>
      toolDefinition(provider.name, provider.description, provider.inputSchema()),
    );
  }

  #replace(providers: ToolProvider[]): this {
    // Not frozen (a thinker is built per run, and freezing an array is dear): never changed
    // after this, and handed out read-only.
    this.#providers = providers;
    this.#version += 1;
    return this;
  }
}

function indexOf(providers: readonly ToolProvider[], name: string): number {
  for (let index = 0; index < providers.length; index++)
    if (providers[index]!.name === name) return index;
  return -1;
}

/** A copy with one more (empty) slot, sized exactly. */
function copyWithRoom(providers: readonly ToolProvider[]): ToolProvider[] {
  const next = new Array<ToolProvider>(providers.length + 1);
  for (let index = 0; index < providers.length; index++) next[index] = providers[index]!;
  return next;
}
