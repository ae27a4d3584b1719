import type { z } from "zod";
import type { JsonSchema } from "../model/tool-definition.js";
import { modelJsonSchema } from "../schema/model-json-schema.js";

/**
 * What shape a JSON answer must have: a zod object schema (checked when the answer arrives)
 * and its JSON Schema (what the model and a strict provider read).
 */
export interface ResponseContract<TAnswer> {
  /** A snake_case name for the answer type, as providers' structured-output options take it. */
  readonly name: string;
  readonly schema: z.ZodType<TAnswer>;
  readonly jsonSchema: JsonSchema;
  /**
   * Whether the prompt describes the contract in Nucleo's compact schema notation (then the
   * notation's legend is rendered too). Off for contracts a strict provider enforces anyway.
   */
  readonly notation: boolean;
}

/**
 * Builds a {@link ResponseContract} from a zod object schema.
 *
 * @example
 * const Verdict = responseContract("novelty_verdict", z.object({ novel: z.boolean(), reason: z.string() }));
 */
export function responseContract<TAnswer>(
  name: string,
  schema: z.ZodType<TAnswer>,
  options: { readonly notation?: boolean } = {},
): ResponseContract<TAnswer> {
  return Object.freeze({
    name,
    schema,
    jsonSchema: modelJsonSchema(schema),
    notation: options.notation ?? true,
  });
}
