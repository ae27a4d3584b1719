import { Depth, InvalidInputError, type ThinkerDeclaration } from "@nucleo/core";
import type { Conversation, ConversationService } from "@nucleo/conversation";
import { z } from "zod";
import { AbstractThinker, type ThinkerOptions } from "../thinker/abstract-thinker.js";

/** What a reactive thinker is built with: a conversation service, and a durable id to resume. */
export interface ReactiveThinkerOptions extends ThinkerOptions {
  readonly conversations: ConversationService;
  /** The durable conversation this thinker answers in; omitted, each turn is a fresh temporary one. */
  readonly conversationId?: string;
}

/** A chat turn's input: the user's message. */
export const ChatTurnInput = z.object({ message: z.string().min(1) });
/** A chat turn's input. */
export type ChatTurnInput = z.infer<typeof ChatTurnInput>;

/**
 * One chat turn over a conversation that outlives it: the user's message goes in, a text answer
 * comes out, tools in between. It has no goal input, so it carries its own depth
 * (`STANDARD` unless the constructor calls {@link setDepth}). A refused answer ends the turn
 * with the refusal instead of re-asking: the person on the other side asks again.
 */
export abstract class ReactiveThinker extends AbstractThinker<ChatTurnInput, string> {
  readonly input = ChatTurnInput;
  readonly output = z.string();
  protected readonly conversations: ConversationService;
  readonly #conversationId: string | undefined;
  #ownDepth: Depth = Depth.STANDARD;
  #parentDepth: Depth | undefined;

  constructor(declaration: ThinkerDeclaration, options: ReactiveThinkerOptions) {
    super(declaration, options);
    this.conversations = options.conversations;
    this.#conversationId = options.conversationId;
  }

  /** The instructions every turn works under, written into the objective's `task` slot. */
  protected abstract instructions(): string;

  /** Sets the depth this thinker works at (read at every model turn, so a change mid-run shows at the next). */
  setDepth(depth: Depth): void {
    if (!Depth.is(depth))
      throw new InvalidInputError({
        parameter: "depth",
        expected: `one of ${Depth.ladder.join(", ")}`,
      });
    this.#ownDepth = depth;
  }

  protected runDepth(_input: ChatTurnInput, parentDepth: Depth | undefined): Depth {
    this.#parentDepth = parentDepth;
    return this.depth();
  }

  /** Its own depth, clamped to its parent's when it runs as a child. */
  override depth(): Depth {
    return this.#parentDepth === undefined
      ? this.#ownDepth
      : Depth.min(this.#ownDepth, this.#parentDepth);
  }

  protected async openConversation(
    _input: ChatTurnInput,
    seat: Conversation["seat"],
  ): Promise<Conversation> {
    const { comfortContextTokens, compactionTrigger } = this.declaration;
    const conversation = await this.conversations.obtain({
      seat,
      ...(this.#conversationId === undefined ? {} : { durableId: this.#conversationId }),
      ...(comfortContextTokens === undefined ? {} : { comfortContextTokens }),
      ...(compactionTrigger === undefined ? {} : { compactionTrigger }),
    });
    return conversation.putMainObjective(this.instructions());
  }

  protected openingTurn(input: ChatTurnInput): string {
    return input.message;
  }

  protected override refusedAnswerPolicy(): "correct" | "end" {
    return "end";
  }

  protected override async closeConversation(conversation: Conversation): Promise<void> {
    await this.conversations.save(conversation);
  }
}
