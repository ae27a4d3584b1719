import { InvalidInputError, type ThinkerDeclaration } from "@nucleo/core";
import { ReactiveThinker, type ReactiveThinkerOptions } from "./reactive-thinker.js";

/** What a chat is built with: a durable conversation id and the reader the answers stream to. */
export interface ChatThinkerOptions extends ReactiveThinkerOptions {
  readonly conversationId: string;
  /**
   * Receives each accepted answer, in pieces as it is written out; nothing a guardrail has not
   * accepted ever reaches it.
   */
  readonly stream: (piece: string) => void | Promise<void>;
  /** Characters per streamed piece, a positive integer. Default 200. */
  readonly pieceLength?: number;
}

/**
 * The durable-chat seat: a reactive thinker whose conversation is never temporary (it resumes
 * from the store on every turn) and whose accepted answers stream to a reader.
 */
export abstract class ChatThinker extends ReactiveThinker {
  readonly #stream: ChatThinkerOptions["stream"];
  readonly #pieceLength: number;

  constructor(declaration: ThinkerDeclaration, options: ChatThinkerOptions) {
    if (typeof options.conversationId !== "string" || options.conversationId === "") {
      throw new InvalidInputError({
        parameter: "ChatThinkerOptions.conversationId",
        expected: "the id of the durable conversation (a chat is never temporary)",
      });
    }
    const pieceLength = options.pieceLength ?? 200;
    // Zero or a negative length would never reach the end of the answer.
    if (!Number.isInteger(pieceLength) || pieceLength < 1) {
      throw new InvalidInputError({
        parameter: "ChatThinkerOptions.pieceLength",
        expected: "a positive integer (characters per streamed piece)",
      });
    }
    super(declaration, options);
    this.#stream = options.stream;
    this.#pieceLength = pieceLength;
  }

  protected override async publishAnswer(answer: string): Promise<void> {
    for (let at = 0; at < answer.length; at += this.#pieceLength)
      await this.#stream(answer.slice(at, at + this.#pieceLength));
  }
}
