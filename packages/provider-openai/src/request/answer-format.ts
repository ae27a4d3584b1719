import type { JsonSchema, LlmRequest } from "@nucleo/conversation";
import { toStrictSchema } from "./strict-schema.js";

/** The answer schema as both OpenAI APIs take it (each wraps it its own way). @internal */
export interface AnswerFormat {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly strict: boolean;
}

/**
 * Strict when the schema fits strict mode (see {@link toStrictSchema}), else the schema as
 * written with `strict: false`: still the model's guide, and the caller validates either way.
 * The name keeps only the characters the API takes, at most 64 of them.
 *
 * @internal
 */
export function answerFormat(format: NonNullable<LlmRequest["responseFormat"]>): AnswerFormat {
  const strict = toStrictSchema(format.schema);
  const name = format.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "answer";
  return strict === undefined
    ? { name, schema: { ...format.schema }, strict: false }
    : { name, schema: { ...strict }, strict: true };
}
