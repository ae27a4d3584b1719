import type { Conversation } from "@nucleo/conversation";
import type { Skill, ToolProvider, ToolRegistry } from "@nucleo/tools";
import type { DoorState } from "./door-state.js";

const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

/** The catalogs of a thinker without a hub: one shared object, asked for every turn. @internal */
export const NO_CATALOGS = Object.freeze({ tools: EMPTY, skills: EMPTY });

/** The compatible tools not already in the palette. */
export function withoutRegistered(
  catalog: ReadonlyMap<string, ToolProvider>,
  registry: ToolRegistry,
  doors: DoorState,
): ReadonlyMap<string, ToolProvider> {
  if (catalog.size === 0) return catalog;
  let filtered: Map<string, ToolProvider> | undefined;
  for (const name of catalog.keys()) {
    if (!registry.has(name) || doors.isDoorName(name)) continue;
    filtered ??= new Map(catalog);
    filtered.delete(name);
  }
  return filtered ?? catalog;
}

/** The skills not yet admitted onto the conversation. */
export function withoutAdmitted(
  catalog: ReadonlyMap<string, Skill>,
  conversation: Conversation,
): ReadonlyMap<string, Skill> {
  if (catalog.size === 0) return catalog;
  const admitted = conversation.preamble();
  if (admitted.length === 0) return catalog;
  const filtered = new Map(catalog);
  for (const [name] of admitted) filtered.delete(name);
  return filtered;
}
