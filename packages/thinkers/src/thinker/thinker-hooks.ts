import {
  AbstractOrchestrator,
  Depth,
  type ChildSubmitOptions,
  type JobContext,
} from "@nucleo/core";
import type {
  Conversation,
  LLMCall,
  LlmCallOutput,
  Part,
  ToolCallPart,
} from "@nucleo/conversation";
import type { Skill, ToolHub, ToolProvider } from "@nucleo/tools";
import { NO_CATALOGS } from "./catalog-filters.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";

/**
 * The members a thinker's subclass may override or must supply, with their defaults: the
 * reconcile hooks, the call check, the guardrails, the run's opening and closing, and the
 * model-turn seam. Kept apart from the loop so the loop's file holds only what no override
 * reaches; none of these hold state. Extend `AbstractThinker`, never this class.
 *
 * @internal
 */
export abstract class ThinkerHooks<TInput, TOutput> extends AbstractOrchestrator<TInput, TOutput> {
  /** The compatible-tool and skill catalogs, when the thinker has them (set by the thinker). */
  protected abstract readonly hub: ToolHub | undefined;

  /** The least depth at which this thinker may delegate through `sub_thinker`. */
  protected delegationThreshold(): Depth {
    return Depth.STANDARD;
  }

  /** The hub's catalogs, before the reconcile hooks (a sub-thinker answers what it captured at launch). */
  protected hubCatalogs(): {
    readonly tools: ReadonlyMap<string, ToolProvider>;
    readonly skills: ReadonlyMap<string, Skill>;
  } {
    // Asked every turn: a thinker without a hub answers one shared object.
    return this.hub === undefined
      ? NO_CATALOGS
      : { tools: this.hub.compatibleTools(), skills: this.hub.skills() };
  }

  /** The compatible-tool catalog `request_tools` offers this turn. Default: the hub's, as is. */
  protected reconcileCompatibleTools(
    catalog: ReadonlyMap<string, ToolProvider>,
  ): ReadonlyMap<string, ToolProvider> {
    return catalog;
  }

  /** The skill catalog `request_skill` offers this turn. Default: the hub's, as is. */
  protected reconcileSkillCatalog(catalog: ReadonlyMap<string, Skill>): ReadonlyMap<string, Skill> {
    return catalog;
  }

  /**
   * Checks one call before it runs; throw an `InvalidInputError` to refuse it (the model reads
   * the refusal). The admission check of the read-only binding runs before this, whatever it does.
   */
  protected validateToolCall(_call: ToolCallPart, _provider: ToolProvider): void {}

  /** The checks every final answer must pass while the conversation is still held. */
  protected declareValidationGuardrails(): readonly ValidationGuardrail<TOutput>[] {
    return [];
  }

  // ---- the shape's members ---------------------------------------------------------------

  /** The depth of a run: a goal-directed thinker's input's, clamped; a reactive one's own. */
  protected abstract runDepth(input: TInput, parentDepth: Depth | undefined): Depth;

  /** The conversation of a run, its objective in place (a durable one with its earlier turns). */
  protected abstract openConversation(
    input: TInput,
    seat: Conversation["seat"],
    context: JobContext,
  ): Conversation | Promise<Conversation>;

  /** The user turn that opens a run: the loop appends it, so it knows where the run begins. */
  protected abstract openingTurn(input: TInput): string | readonly Part[];

  /** Whether a refused answer is put back to the model (`correct`) or ends the run (`end`). */
  protected refusedAnswerPolicy(): "correct" | "end" {
    return "correct";
  }

  /** Called with the accepted answer before it is returned (a chat streams it to its reader). */
  protected publishAnswer(_answer: TOutput): void | Promise<void> {}

  /** Called after every run, answered or not (a durable conversation is saved here). */
  protected closeConversation(_conversation: Conversation): void | Promise<void> {}

  /**
   * The model turn: submits the call under the turn's step ordinal and returns what the model
   * sent. The call appends the model's turn to the conversation. The one seam a test may
   * override to drive the real loop with scripted turns.
   */
  protected submitThinkingCall(
    call: LLMCall,
    context: JobContext,
    options?: ChildSubmitOptions,
  ): Promise<LlmCallOutput<undefined>> {
    return context.submitInCurrentStep(call, undefined, options);
  }
}
