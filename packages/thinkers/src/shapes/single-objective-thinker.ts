import { DEFAULT_COMFORT_CONTEXT_TOKENS, DEFAULT_COMPACTION_TRIGGER, Depth, type JobContext } from "@nucleo/core";
import { Conversation, type Part } from "@nucleo/conversation";
import { WireCase } from "@nucleo/tools";
import { AbstractThinker } from "../thinker/abstract-thinker.js";
import type { ThinkerInput } from "../thinker/thinker-input.js";

/**
 * A goal-directed agent: one task, stated as the objective, worked through tools until it
 * answers. Its depth is its input's (`STANDARD` when absent), clamped to its parent's.
 *
 * @example
 * class Adder extends SingleObjectiveThinker<AddInput, AddAnswer> {
 *   readonly name = "adder";
 *   readonly input = AddInput;
 *   readonly output = AddAnswer;
 *   constructor(options: ThinkerOptions) {
 *     super(ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT" }), options);
 *     this.addTools(addProvider);
 *   }
 *   protected task() { return "Add the numbers you are given with the add tool."; }
 * }
 */
export abstract class SingleObjectiveThinker<TInput extends ThinkerInput, TOutput> extends AbstractThinker<TInput, TOutput> {
  /** The task, written into the objective's `task` slot. */
  protected abstract task(input: TInput): string;

  /** The run's first user turn. Default: the input (without its depth) as JSON, in the wire's spelling. */
  protected prompt(input: TInput): string | readonly Part[] {
    const { depth: _depth, ...rest } = input;
    return JSON.stringify(WireCase.keysToWire(rest));
  }

  protected runDepth(input: TInput, parentDepth: Depth | undefined): Depth {
    const asked = input.depth ?? Depth.STANDARD;
    return parentDepth === undefined ? asked : Depth.min(asked, parentDepth);
  }

  protected openConversation(input: TInput, seat: Conversation["seat"], context: JobContext): Conversation {
    const { comfortContextTokens, compactionTrigger } = this.declaration;
    // The job id is unique in the dispatcher, so the conversation needs no id of its own.
    const conversation = new Conversation(context.jobId, seat, true, comfortContextTokens ?? DEFAULT_COMFORT_CONTEXT_TOKENS, compactionTrigger ?? DEFAULT_COMPACTION_TRIGGER);
    return conversation.putMainObjective(this.task(input)).addUser(this.prompt(input));
  }
}
