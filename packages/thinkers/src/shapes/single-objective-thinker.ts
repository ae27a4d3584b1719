import type { Depth, JobContext } from "@nucleo/core";
import type { Conversation, Part } from "@nucleo/conversation";
import { AbstractThinker } from "../thinker/abstract-thinker.js";
import type { ThinkerInput } from "../thinker/thinker-input.js";
import { GoalDirected } from "./goal-directed.js";

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
export abstract class SingleObjectiveThinker<
  TInput extends ThinkerInput,
  TOutput,
> extends AbstractThinker<TInput, TOutput> {
  /** The task, written into the objective's `task` slot. */
  protected abstract task(input: TInput): string;

  /** The run's first user turn. Default: the input (without its depth) as JSON, in the wire's spelling. */
  protected prompt(input: TInput): string | readonly Part[] {
    return GoalDirected.prompt(input, this.input);
  }

  protected runDepth(input: TInput, parentDepth: Depth | undefined): Depth {
    return GoalDirected.depth(input, parentDepth);
  }

  protected openConversation(
    input: TInput,
    seat: Conversation["seat"],
    context: JobContext,
  ): Conversation {
    return GoalDirected.open(context.jobId, seat, this.declaration, this.task(input));
  }

  protected openingTurn(input: TInput): string | readonly Part[] {
    return this.prompt(input);
  }
}
