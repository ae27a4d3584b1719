import { Depth, InvalidInputError, type JobContext, type ThinkerDeclaration } from "@nucleo/core";
import {
  LLMCall,
  responseContract,
  type Conversation,
  type ResponseContract,
} from "@nucleo/conversation";
import type { z } from "zod";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { thinkerBusyError } from "../thinker/thinker-busy.js";
import type { ThinkerInput } from "../thinker/thinker-input.js";
import { SingleObjectiveThinker } from "./single-objective-thinker.js";
import { META_PARENT_DEPTH } from "../thinker/run-metadata.js";
import { readTranscript, RunTurns, type ThinkerTranscript } from "../thinker/transcript.js";

// By schema, then by thinker name (the contract carries the name): built once, shared.
const contracts = new WeakMap<z.ZodType, Map<string, ResponseContract<unknown>>>();

/**
 * A thinker that needs no tools and no loop: one call, whose answer is the output schema's own
 * JSON object (no envelope), corrected the way `LLMCall` corrects. It keeps the thinker's seat
 * (declaration, depth clamped to the parent's, pin) — the shape for a judgement that must sit
 * at a thinker's grade but never acts. The task, prompt, depth rule and opening conversation
 * are a {@link SingleObjectiveThinker}'s; only the run differs (one call instead of the loop).
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
export abstract class AbstractToollessThinker<
  TInput extends ThinkerInput,
  TOutput,
> extends SingleObjectiveThinker<TInput, TOutput> {
  #conversation: Conversation | undefined;
  #turns: RunTurns | undefined;
  #running = false;
  #answer: { readonly answer: TOutput } | undefined;
  #depth: Depth = Depth.STANDARD;

  constructor(declaration: ThinkerDeclaration, options: ThinkerOptions) {
    super(declaration, options);
  }

  /** The effort of the current (or last) run: this shape runs outside the loop that records it. */
  override depth(): Depth {
    return this.#depth;
  }

  /** One call, no loop: the answer is checked against the output schema and corrected up to the limit. */
  override async execute(input: TInput, context: JobContext): Promise<TOutput> {
    if (this.#running) throw thinkerBusyError(this.name);
    this.#running = true;
    try {
      return await this.#once(input, context);
    } finally {
      this.#running = false;
    }
  }

  async #once(input: TInput, context: JobContext): Promise<TOutput> {
    const parentDepth = context.metadata[META_PARENT_DEPTH];
    const depth = this.runDepth(input, Depth.is(parentDepth) ? parentDepth : undefined);
    this.#depth = depth;
    const conversation = this.openConversation(
      input,
      { grade: this.grade(), depth, output: this.declaration.output },
      context,
    );
    this.#conversation = conversation;
    this.#turns = new RunTurns(conversation.turns().length);
    conversation.addUser(this.openingTurn(input));
    this.#answer = undefined;
    const pin = this.pinnedModel();
    const call = new LLMCall({
      conversation,
      environment: this.environment,
      contract: this.#contract() as ResponseContract<TOutput>,
      ...(pin === undefined ? {} : { pin }),
    });
    const result = await context.submitInStep(call, undefined);
    if (!result.valid)
      throw new InvalidInputError({
        parameter: "answer",
        expected: `${result.problem ?? "an answer matching the schema"} (still wrong after every correction)`,
      });
    // A tool call skips the contract check and carries no answer; no tools are offered here.
    if (result.toolCalls.length > 0 || result.answer === undefined) {
      throw new InvalidInputError({
        parameter: "answer",
        expected: "one JSON object matching the schema (this task offers no tools)",
      });
    }
    this.#answer = { answer: result.answer as TOutput };
    return result.answer as TOutput;
  }

  override transcript(): ThinkerTranscript<TOutput> {
    if (!this.#conversation) return super.transcript();
    return readTranscript(this.name, this.#conversation, this.#turns!, this.#answer);
  }

  #contract(): ResponseContract<unknown> {
    let byName = contracts.get(this.output);
    if (!byName) {
      byName = new Map();
      contracts.set(this.output, byName);
    }
    let contract = byName.get(this.name);
    if (!contract) {
      contract = responseContract(`${this.name}_answer`, this.output);
      byName.set(this.name, contract);
    }
    return contract;
  }
}
