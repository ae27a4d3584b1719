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

/**
 * The per-run state behind the built-in doors: the reconciled catalogs, the `request_tools` and
 * `request_skill` providers rebuilt when (and only when) a catalog's names change, and the
 * tool definitions of the last offered palette (kept while the palette is the same, so a turn
 * that changes nothing renders and prices nothing anew).
 */
export class DoorState {
  toolCatalog: ReadonlyMap<string, ToolProvider> = EMPTY;
  skillCatalog: ReadonlyMap<string, Skill> = EMPTY;
  #toolsDoor: RequestToolsProvider | undefined;
  #toolsKey = "";
  #skillDoor: RequestSkillProvider | undefined;
  #skillKey = "";
  #offered: readonly ToolProvider[] = [];
  #definitions: readonly ToolDefinition[] = [];

  /** Whether `provider` is one of this run's doors (never inherited by a delegate). */
  isDoor(provider: ToolProvider): boolean {
    return provider === this.#toolsDoor || provider === this.#skillDoor || provider.name === SUB_THINKER;
  }

  /** Whether `name` is a door's name. */
  isDoorName(name: string): boolean {
    return name === REQUEST_TOOLS || name === REQUEST_SKILL;
  }

  /** Registers or removes each door for the reconciled catalogs. */
  rebuild(registry: ToolRegistry, tools: ReadonlyMap<string, ToolProvider>, skills: ReadonlyMap<string, Skill>, wiring: DoorWiring): void {
    this.toolCatalog = tools;
    this.skillCatalog = skills;
    const toolsKey = keyOf(tools);
    if (toolsKey === "") {
      registry.unregister(REQUEST_TOOLS);
    } else {
      if (toolsKey !== this.#toolsKey || !this.#toolsDoor) this.#toolsDoor = new RequestToolsProvider(tools, wiring.grant);
      registry.register(this.#toolsDoor);
    }
    this.#toolsKey = toolsKey;
    const skillKey = keyOf(skills);
    const hub = wiring.hub;
    if (skillKey === "" || !hub) {
      registry.unregister(REQUEST_SKILL);
    } else {
      if (skillKey !== this.#skillKey || !this.#skillDoor) {
        this.#skillDoor = new RequestSkillProvider(skills, (names) => hub.requestSkills(names, { conversation: wiring.conversation, scope: wiring.scope }));
      }
      registry.register(this.#skillDoor);
    }
    this.#skillKey = skillKey;
  }

  /** The definitions of the offered palette, the same array while the palette is the same. */
  definitions(offered: ReadonlyMap<string, ToolProvider>): readonly ToolDefinition[] {
    if (!samePalette(this.#offered, offered)) {
      this.#offered = [...offered.values()];
      this.#definitions = this.#offered.map((provider) => toolDefinition(provider.name, provider.description, provider.inputSchema()));
    }
    return this.#definitions;
  }
}

function keyOf(catalog: ReadonlyMap<string, unknown>): string {
  let key = "";
  for (const name of catalog.keys()) key += `${name}\n`;
  return key;
}

function samePalette(previous: readonly ToolProvider[], offered: ReadonlyMap<string, ToolProvider>): boolean {
  if (previous.length !== offered.size) return false;
  let index = 0;
  for (const provider of offered.values()) if (previous[index++] !== provider) return false;
  return true;
}
