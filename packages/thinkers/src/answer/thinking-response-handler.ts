import { InvalidInputError } from "@nucleo/core";
import type { ResponseContract, ThinkingPart } from "@nucleo/conversation";
import {
  declaredType,
  isJsonObject,
  parseJsonObject,
  wireKeysFromWire,
  zodDef,
} from "@nucleo/conversation/internal";
import type { z } from "zod";
import { answerRefusal } from "./answer-refusal.js";
import { envelopeContract } from "./envelope-contract.js";
import { reasoningFiller } from "./strip-reasoning.js";

/** What a thinker's model said in one final turn: its justification and its answer, if any. */
export interface ThinkingResponse<TAnswer> {
  readonly reasoning: string;
  /** `null` when the model has no answer yet. */
  readonly answer: TAnswer | null;
}

/** A composite answer is a JSON object (a `z.object`); a leaf answer is a string. */
export type AnswerKind = "composite" | "leaf";

/** How a {@link ThinkingResponseHandler} names its answer type. */
export interface ThinkingResponseHandlerOptions {
  /** The answer type's snake_case name (`claim_verdict`): used in refusals and the contract name. */
  readonly name: string;
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * The answer boundary of a thinker: the model is a third party, so its envelope is judged
 * before anything typed is handed on. A wrong shape is refused as a correctable
 * `InvalidInputError` naming the field and the declared type, never the value sent.
 *
 * Cheap to construct: the envelope contracts are built once per answer schema and shared.
 *
 * @example
 * const handler = new ThinkingResponseHandler(z.object({ novel: z.boolean() }), { name: "novelty_verdict" });
 * const { reasoning, answer } = handler.read(response.content, response.thinking, thinkingActive(entry, depth));
 */
export class ThinkingResponseHandler<TAnswer> {
  /** The declared answer type, checked in full on every answer. */
  readonly answer: z.ZodType<TAnswer>;
  /** The answer type's snake_case name. */
  readonly name: string;
  /** Whether the answer is a JSON object or a string. */
  readonly kind: AnswerKind;
  #plain: ResponseContract<unknown> | undefined;
  #thinking: ResponseContract<unknown> | undefined;

  /**
   * @throws TypeError when the answer type is neither a `z.object` nor a `z.string()`, or the name
   *   is not snake_case.
   */
  constructor(answer: z.ZodType<TAnswer>, options: ThinkingResponseHandlerOptions) {
    if (!SNAKE_CASE.test(options.name))
      throw new TypeError(
        `ThinkingResponseHandler: the answer type name must be snake_case, like "claim_verdict".`,
      );
    this.answer = answer;
    this.name = options.name;
    this.kind = kindOf(answer, options.name);
  }

  /** True: the envelope is described in Nucleo's compact schema notation, so its legend renders. */
  usesSchemaNotation(): true {
    return true;
  }

  /** The envelope's contract for a call with (`true`) or without a native thinking block. */
  contract(thinkingActive: boolean): ResponseContract<unknown> {
    if (thinkingActive) return (this.#thinking ??= envelopeContract(this.answer, this.name, true));
    return (this.#plain ??= envelopeContract(this.answer, this.name, false));
  }

  /**
   * Reads a final turn: `content` must be the envelope, one JSON object. Under a native thinking
   * block the reasoning (the envelope's and the answer's stripped fields) comes from `thinking`.
   *
   * @throws InvalidInputError (correctable) when the envelope or the answer has the wrong shape.
   */
  read(
    content: string,
    thinking: readonly ThinkingPart[],
    thinkingActive: boolean,
  ): ThinkingResponse<TAnswer> {
    const parsed = parseJsonObject(content);
    if (parsed === undefined) {
      const fields = thinkingActive ? "the field answer" : "the fields reasoning and answer";
      throw new InvalidInputError({
        parameter: "answer",
        expected: `one JSON object with ${fields}`,
      });
    }
    // Only the answer's declared fields are renamed, from the names its JSON Schema showed:
    // keys the model chose (a record's, a catchall's) are its data. The full answer schema maps
    // them even under a thinking block, so a stripped reasoning field sent anyway is still
    // recognised (and then overwritten by the filler).
    const sent = wireKeysFromWire(this.answer, parsed.answer);
    if (thinkingActive) {
      const reasoning = ThinkingResponseHandler.resolveReasoning(thinking);
      const filler = reasoningFiller(this.answer);
      return {
        reasoning,
        answer: this.convert(filler === undefined ? sent : filler(sent, reasoning)),
      };
    }
    const answer = this.convert(sent);
    const reasoning = parsed.reasoning;
    if (typeof reasoning !== "string") {
      throw new InvalidInputError({
        parameter: "reasoning",
        expected: reasoning === undefined ? "a string (required)" : "a string",
      });
    }
    return { reasoning, answer };
  }

  /**
   * The one conversion from the envelope's `answer` to the answer type: `null`/absent is no
   * answer yet; anything else must be what the schema declares.
   *
   * @throws InvalidInputError (correctable) naming `answer` or `answer.<field>` and the declared type.
   */
  convert(raw: unknown): TAnswer | null {
    if (raw === null || raw === undefined) return null;
    if (this.kind === "composite" && !isJsonObject(raw)) {
      throw new InvalidInputError({
        parameter: "answer",
        expected: `a JSON object (${this.name})`,
      });
    }
    if (this.kind === "leaf" && typeof raw !== "string") {
      throw new InvalidInputError({ parameter: "answer", expected: declaredType(this.answer) });
    }
    const checked = this.answer.safeParse(raw);
    if (!checked.success) throw answerRefusal(this.answer, raw, checked.error);
    return checked.data;
  }

  /** The envelope's reasoning under a native thinking block: the blocks' text, in order. */
  static resolveReasoning(thinking: readonly ThinkingPart[]): string {
    return thinking
      .map((part) => part.text)
      .filter((text) => text !== "")
      .join("\n\n");
  }
}

function kindOf(answer: z.ZodType, name: string): AnswerKind {
  const type = zodDef(answer).type;
  if (type === "object") return "composite";
  if (type === "string") return "leaf";
  throw new TypeError(
    `ThinkingResponseHandler: the answer type ${name} is a zod ${type} schema; a thinker answers with a z.object (a composite answer) or a z.string() (a leaf answer).`,
  );
}
