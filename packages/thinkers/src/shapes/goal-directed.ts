import {
  DEFAULT_COMFORT_CONTEXT_TOKENS,
  DEFAULT_COMPACTION_TRIGGER,
  Depth,
  type ThinkerDeclaration,
} from "@nucleo/core";
import { Conversation } from "@nucleo/conversation";
import { wireKeysToWire } from "@nucleo/conversation/internal";
import type { z } from "zod";
import type { ThinkerInput } from "../thinker/thinker-input.js";

/**
 * What the goal-directed shapes (a loop over one task, or one toolless call) share: the depth
 * rule, the default prompt and how the conversation is opened.
 *
 * @internal
 */
export const GoalDirected = {
  /** The input's depth (`STANDARD` when absent), clamped to the parent's. */
  depth(input: ThinkerInput, parentDepth: Depth | undefined): Depth {
    const asked = input.depth ?? Depth.STANDARD;
    return parentDepth === undefined ? asked : Depth.min(asked, parentDepth);
  },

  /**
   * The input without its depth, as JSON in the wire's spelling: `schema` (the thinker's input
   * schema) names the fields to rename, so keys that are data (a record's) reach the model as
   * the user wrote them.
   */
  prompt(input: ThinkerInput, schema: z.ZodType): string {
    const { depth: _depth, ...rest } = input;
    return JSON.stringify(wireKeysToWire(schema, rest));
  },

  /** A temporary conversation with the task as its objective (the loop appends the prompt). */
  open(
    id: string,
    seat: Conversation["seat"],
    declaration: ThinkerDeclaration,
    task: string,
  ): Conversation {
    const { comfortContextTokens, compactionTrigger } = declaration;
    // The job id is unique in the dispatcher, so the conversation needs no id of its own.
    const conversation = new Conversation(
      id,
      seat,
      true,
      comfortContextTokens ?? DEFAULT_COMFORT_CONTEXT_TOKENS,
      compactionTrigger ?? DEFAULT_COMPACTION_TRIGGER,
    );
    return conversation.putMainObjective(task);
  },
} as const;
