import type { RunTurns } from "./transcript.js";
import type { DoorWiring } from "./door-state.js";
import type { ToolTurn } from "./tool-turn.js";

/**
 * What one run of a thinker holds while it lasts: what its tool calls run with, plus where its
 * turns are and what its doors are wired to. Held by the loop's async frame for the whole run,
 * so it carries only what the turns need.
 *
 * @internal
 */
export interface ThinkerRun extends ToolTurn {
  /** Where the run's turns are, across compactions. */
  readonly turns: RunTurns;
  /** What the doors of this run are wired to: built the first time a catalog has anything. */
  doorWiring: DoorWiring | undefined;
}
