import {
  DEFAULT_COMFORT_CONTEXT_TOKENS,
  DEFAULT_COMPACTION_TRIGGER,
  Depth,
  InvalidInputError,
  type JobContext,
  type ThinkerDeclaration,
} from "@nucleo/core";
import { Conversation, LLMCall, responseContract, type Part, type ResponseContract } from "@nucleo/conversation";
import { WireCase } from "@nucleo/tools";
import type { z } from "zod";
import { AbstractThinker, type ThinkerOptions } from "../thinker/abstract-thinker.js";
import type { ThinkerInput } from "../thinker/thinker-input.js";
import { META_PARENT_DEPTH } from "../thinker/run-metadata.js";
import { readTranscript, type ThinkerTranscript } from "../thinker/transcript.js";

const contracts = new WeakMap<z.ZodType, ResponseContract<unknown>>();

/**
 * A thinker that needs no tools and no loop: one call, whose answer is the output schema's own
 * JSON object (no envelope), corrected the way `LLMCall` corrects. It keeps the thinker's seat
 * (declaration, depth clamped to the parent's, pin) — the shape for a judgement that must sit
 * at a thinker's grade but never acts.
 *
 * @example
 * class Classify extends AbstractToollessThinker<ClassifyInput, Label> {
 *   readonly name = "classify";
 *   readonly input = ClassifyInput;
 *   readonly output = Label;
 *   constructor(options: ThinkerOptions) { super(ThinkerDeclaration.of({ grade: "SMALL", output: "VERDICT" }), options); }
 *   protected task() { return "Label the text."; }
 * }
 */
export abstract class AbstractToollessThinker<TInput extends ThinkerInput, TOutput> extends AbstractThinker<TInput, TOutput> {
  #conversation: Conversation | undefined;
  #answer: { readonly answer: TOutput } | undefined;

  constructor(declaration: ThinkerDeclaration, options: ThinkerOptions) {
    super(declaration, options);
  }

  /** The task, written into the objective's `task` slot. */
  protected abstract task(input: TInput): string;

  /** The user turn. Default: the input (without its depth) as JSON, in the wire's spelling. */
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
    const conversation = new Conversation(context.jobId, seat, true, comfortContextTokens ?? DEFAULT_COMFORT_CONTEXT_TOKENS, compactionTrigger ?? DEFAULT_COMPACTION_TRIGGER);
    return conversation.putMainObjective(this.task(input)).addUser(this.prompt(input));
  }

  /** One call, no loop: the answer is checked against the output schema and corrected up to the limit. */
  override async execute(input: TInput, context: JobContext): Promise<TOutput> {
    const parentDepth = context.metadata[META_PARENT_DEPTH];
    const depth = this.runDepth(input, Depth.is(parentDepth) ? parentDepth : undefined);
    const conversation = this.openConversation(input, { grade: this.grade(), depth, output: this.declaration.output }, context);
    this.#conversation = conversation;
    this.#answer = undefined;
    const pin = this.pinnedModel();
    const call = new LLMCall({ conversation, environment: this.environment, contract: this.#contract() as ResponseContract<TOutput>, ...(pin === undefined ? {} : { pin }) });
    const result = await context.submitInStep(call, undefined);
    if (!result.valid) throw new InvalidInputError({ parameter: "answer", expected: `${result.problem ?? "an answer matching the schema"} (still wrong after every correction)` });
    this.#answer = { answer: result.answer as TOutput };
    return result.answer as TOutput;
  }

  override transcript(): ThinkerTranscript<TOutput> {
    if (!this.#conversation) return super.transcript();
    return readTranscript(this.name, this.#conversation, 0, this.#answer);
  }

  #contract(): ResponseContract<unknown> {
    let contract = contracts.get(this.output);
    if (!contract) {
      contract = responseContract(`${this.name}_answer`, this.output);
      contracts.set(this.output, contract);
    }
    return contract;
  }
}
