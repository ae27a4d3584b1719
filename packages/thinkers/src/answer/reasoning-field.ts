import { isZodWrapper, unwrapZod, zodDef } from "@nucleo/conversation/internal";
import { z } from "zod";
import { reasoningWordingFault } from "./reasoning-wording.js";

/**
 * The description every reasoning field carries unless its author wrote a compliant one. It
 * asks for a justification a reader can verify, because that is what callers use and what a
 * provider's classifier lets through (see `reasoning-wording.ts`).
 */
export const REASONING_DESCRIPTION =
  "Why the answer holds, written so a reader can check it: the evidence relied on and each step from that evidence to the answer.";

/** How a stripped reasoning field is rebuilt from the native thinking block's text. */
export interface ReasoningMark {
  readonly fromThinking: (text: string) => unknown;
}

// Marked by identity, not by description: two fields may share a description and only one be
// reasoning, and a mark must survive a reworded description.
const marks = new WeakMap<z.ZodType, ReasoningMark>();

/**
 * Marks a field of an answer type as reasoning: under a native thinking block the field is not
 * asked for and is filled from the block's text instead (with `fromThinking`, the identity for a
 * string). Call it last on the field, except for `.optional()`/`.nullable()`, which keep the mark.
 *
 * @throws RangeError when the schema's own description asks for the model's thought process.
 * @throws TypeError when a non-string schema comes without `fromThinking`.
 * @example
 * const Verdict = z.object({ reasoning: reasoningField(), novel: z.boolean() });
 */
export function reasoningField(): z.ZodString;
export function reasoningField<TSchema extends z.ZodType>(
  schema: TSchema,
  fromThinking?: (text: string) => z.output<TSchema>,
): TSchema;
export function reasoningField(
  schema: z.ZodType = z.string(),
  fromThinking?: (text: string) => unknown,
): z.ZodType {
  if (fromThinking === undefined && zodDef(unwrapZod(schema)).type !== "string") {
    throw new TypeError(
      "reasoningField: a reasoning field that is not a string needs fromThinking, to rebuild it from the thinking block's text.",
    );
  }
  for (const description of descriptionsWithin(schema)) {
    const fault = reasoningWordingFault(description);
    if (fault !== undefined) {
      throw new RangeError(
        `reasoningField: the description uses "${fault}", which asks for the model's thought process; reword it to ask for a justification a reader can check.`,
      );
    }
  }
  // Always a fresh instance, so the mark never leaks to other uses of the caller's schema.
  const marked = schema.describe(schema.description ?? REASONING_DESCRIPTION);
  marks.set(marked, { fromThinking: fromThinking ?? ((text: string) => text) });
  return marked;
}

/**
 * The reasoning mark of `schema`, looking through presence wrappers and through clones made by
 * `.describe()`/`.meta()` (zod links those to the schema they came from).
 *
 * @internal
 */
export function reasoningMarkOf(schema: z.ZodType): ReasoningMark | undefined {
  let current: z.ZodType | undefined = schema;
  while (current !== undefined) {
    const mark = marks.get(current);
    if (mark !== undefined) return mark;
    const parent: z.ZodType | undefined = (current._zod as { parent?: z.ZodType }).parent;
    current = parent ?? (isZodWrapper(current) ? zodDef(current).innerType : undefined);
  }
  return undefined;
}

/**
 * Whether `schema` is a reasoning field made by {@link reasoningField} (optionally wrapped).
 *
 * @example
 * isReasoningField(reasoningField().optional()); // true
 */
export function isReasoningField(schema: z.ZodType): boolean {
  return reasoningMarkOf(schema) !== undefined;
}

/** Every description a schema shows the model: its own and its nested fields'. */
function descriptionsWithin(schema: z.ZodType): string[] {
  const found: string[] = [];
  const visit = (node: z.ZodType): void => {
    if (node.description !== undefined) found.push(node.description);
    const def = zodDef(node);
    if (def.innerType) visit(def.innerType);
    if (def.element) visit(def.element);
    for (const field of Object.values(def.shape ?? {})) visit(field);
  };
  visit(schema);
  return found;
}
