import { responseContract, type ResponseContract } from "@nucleo/conversation";
import { wireJsonSchema, zodDef } from "@nucleo/conversation/internal";
import { z } from "zod";
import { isReasoningField, reasoningField } from "./reasoning-field.js";
import { reasoningWordingFault } from "./reasoning-wording.js";
import { stripReasoning } from "./strip-reasoning.js";

const ANSWER_DESCRIPTION =
  "The answer once it is ready; null while it is not (for example while tool results are still needed).";

/** The two envelope contracts of one answer type and name, built on first use. */
interface ContractPair {
  plain?: ResponseContract<unknown>;
  thinking?: ResponseContract<unknown>;
}

// Keyed by the answer schema, so every thinker declaring the same answer type shares one JSON
// Schema build: building it costs far more than a whole thinker run may.
const contracts = new WeakMap<z.ZodType, Map<string, ContractPair>>();

/**
 * The contract of the envelope a thinker's model answers with, `{ reasoning, answer }`, its
 * JSON Schema in the wire's snake_case. Under a
 * native thinking block `reasoning` is dropped and the answer's own reasoning fields are
 * stripped, since the block carries them. `answer` is required but nullable: strict providers
 * demand every property, and null is how the model says it has no answer yet.
 *
 * @internal
 */
export function envelopeContract(
  answer: z.ZodType,
  name: string,
  thinkingActive: boolean,
): ResponseContract<unknown> {
  let byName = contracts.get(answer);
  if (byName === undefined) contracts.set(answer, (byName = new Map()));
  let pair = byName.get(name);
  if (pair === undefined) {
    // Checked here too: a description set after reasoningField() (a later .describe()) keeps
    // the mark but escaped its check.
    checkReasoningWording(answer, name);
    byName.set(name, (pair = {}));
  }
  if (thinkingActive)
    return (pair.thinking ??= build(
      name,
      z.object({ answer: answerField(stripReasoning(answer)) }),
    ));
  return (pair.plain ??= build(
    name,
    z.object({ reasoning: reasoningField(), answer: answerField(answer) }),
  ));
}

/** Refuses an answer type whose reasoning fields ask for a thought process, in any wording. */
function checkReasoningWording(schema: z.ZodType, name: string): void {
  const seen = new Set<z.ZodType>();
  const visit = (node: z.ZodType, marked: boolean): void => {
    if (seen.has(node)) return;
    seen.add(node);
    const reasoning = marked || isReasoningField(node);
    const fault =
      reasoning && node.description !== undefined
        ? reasoningWordingFault(node.description)
        : undefined;
    if (fault !== undefined) {
      throw new RangeError(
        `The answer type ${name} has a reasoning field described with "${fault}": ask for a justification a reader can check instead.`,
      );
    }
    const def = zodDef(node);
    for (const inner of [
      def.innerType,
      def.element,
      def.valueType,
      def.catchall,
      ...(def.options ?? []),
    ])
      if (inner) visit(inner, reasoning);
    for (const field of Object.values(def.shape ?? {})) visit(field, reasoning);
  };
  visit(schema, false);
}

function answerField(answer: z.ZodType): z.ZodType {
  return answer.nullable().describe(ANSWER_DESCRIPTION);
}

function build(name: string, envelope: z.ZodType): ResponseContract<unknown> {
  // The model reads and writes the answer in the wire's snake_case, like every tool's
  // arguments; the handler turns it back into the schema's camelCase before checking it.
  const contract = responseContract<unknown>(`${name}_response`, envelope, { notation: true });
  return Object.freeze({ ...contract, jsonSchema: wireJsonSchema(envelope) });
}
