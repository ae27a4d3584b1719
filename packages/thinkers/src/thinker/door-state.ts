import { toolDefinition, type Conversation, type ToolDefinition } from "@nucleo/conversation";
import type { ScopeGuard } from "@nucleo/core";
import type { Skill, ToolHub, ToolProvider, ToolRegistry } from "@nucleo/tools";
import { REQUEST_SKILL, RequestSkillProvider } from "../builtins/request-skill-provider.js";
import { REQUEST_TOOLS, RequestToolsProvider } from "../builtins/request-tools-provider.js";
import { SUB_THINKER } from "../builtins/sub-thinker-provider.js";

/** What the doors of one run need. */
export interface DoorWiring {
  /** Adds a requested tool to the palette. */
  readonly grant: (provider: ToolProvider) => void;
  readonly hub: ToolHub | undefined;
  readonly conversation: Conversation;
  readonly scope: ScopeGuard;
}

const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();
const NO_DEFINITIONS: readonly ToolDefinition[] = Object.freeze([]);

/**
 * The per-run state behind the built-in doors: the reconciled catalogs (snapshots, so a door
 * and a delegate see the catalog of the turn they were built in, not a hub changed since), the
 * `request_tools` and `request_skill` providers rebuilt when (and only when) a catalog's
 * entries change, the tools `request_tools` granted during the run, and the tool definitions
 * of the last offered palette (kept while the palette is the same, so a turn that changes
 * nothing renders and prices nothing anew).
 */
export class DoorState {
  toolCatalog: ReadonlyMap<string, ToolProvider> = EMPTY;
  skillCatalog: ReadonlyMap<string, Skill> = EMPTY;
  #toolsDoor: RequestToolsProvider | undefined;
  #skillDoor: RequestSkillProvider | undefined;
  #definitions: readonly ToolDefinition[] = NO_DEFINITIONS;
  /** Names `request_tools` added during the run; made only when something is granted. */
  #granted: Set<string> | undefined;

  /** Whether `provider` is one of this run's doors (never inherited by a delegate). */
  isDoor(provider: ToolProvider): boolean {
    return (
      provider === this.#toolsDoor || provider === this.#skillDoor || provider.name === SUB_THINKER
    );
  }

  /** Whether `name` is a door's name. */
  isDoorName(name: string): boolean {
    return name === REQUEST_TOOLS || name === REQUEST_SKILL;
  }

  /** Adds a tool `request_tools` granted to the palette; it stays for the rest of the run only. */
  grant(registry: ToolRegistry, provider: ToolProvider): void {
    registry.register(provider);
    (this.#granted ??= new Set()).add(provider.name);
  }

  /** Takes the tools granted during the run out of the palette, so the next run starts without them. */
  revokeGrants(registry: ToolRegistry): void {
    if (this.#granted) for (const name of this.#granted) registry.unregister(name);
    this.#granted = undefined;
  }

  /** Registers or removes each door for the reconciled catalogs. */
  rebuild(
    registry: ToolRegistry,
    tools: ReadonlyMap<string, ToolProvider>,
    skills: ReadonlyMap<string, Skill>,
    wiring: DoorWiring | undefined,
  ): void {
    // Compared by entry, not by name: a provider or skill replaced under the same name (a hub
    // updated mid-run, a hook that wraps) must reach the door's enum and what it grants.
    if (!sameEntries(this.toolCatalog, tools)) {
      this.toolCatalog = new Map(tools);
      this.#toolsDoor = undefined;
    }
    if (this.toolCatalog.size === 0 || !wiring) {
      registry.unregister(REQUEST_TOOLS);
    } else {
      this.#toolsDoor ??= new RequestToolsProvider(this.toolCatalog, wiring.grant);
      registry.register(this.#toolsDoor);
    }
    if (!sameEntries(this.skillCatalog, skills)) {
      this.skillCatalog = new Map(skills);
      this.#skillDoor = undefined;
    }
    const hub = wiring?.hub;
    if (this.skillCatalog.size === 0 || !hub || !wiring) {
      registry.unregister(REQUEST_SKILL);
    } else {
      this.#skillDoor ??= new RequestSkillProvider(this.skillCatalog, (names) =>
        hub.requestSkills(names, { conversation: wiring.conversation, scope: wiring.scope }),
      );
      registry.register(this.#skillDoor);
    }
  }

  /**
   * The definitions of the offered palette, read afresh every turn (a dynamic provider may
   * change its description or schema; `toolDefinition` shares unchanged ones), and the same
   * array while every definition is the same.
   */
  definitions(offered: readonly ToolProvider[]): readonly ToolDefinition[] {
    let same = offered.length === this.#definitions.length;
    // Sized exactly and frozen: it is kept for the run, and the conversation takes it as is.
    const current: ToolDefinition[] = new Array(offered.length);
    for (let index = 0; index < offered.length; index++) {
      const provider = offered[index]!;
      const definition = toolDefinition(
        provider.name,
        provider.description,
        provider.inputSchema(),
      );
      if (definition !== this.#definitions[index]) same = false;
      current[index] = definition;
    }
    if (!same) this.#definitions = Object.freeze(current);
    return this.#definitions;
  }
}

/** Whether two catalogs hold the same entries (names and the very same values) in the same order. */
function sameEntries(
  previous: ReadonlyMap<string, unknown>,
  next: ReadonlyMap<string, unknown>,
): boolean {
  if (previous === next) return true;
  if (previous.size !== next.size) return false;
  const entries = previous.entries();
  for (const [name, value] of next) {
    const [previousName, previousValue] = entries.next().value!;
    if (previousName !== name || previousValue !== value) return false;
  }
  return true;
}
