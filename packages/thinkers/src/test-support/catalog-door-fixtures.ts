// Fixtures of the catalog-door tests (request_tools, request_skill): a hub with two compatible
// tools and two skills, and readers of what a model request carried.
import type { LlmRequest, ToolDefinition, ToolResultPart } from "@nucleo/conversation";
import { AbstractTool } from "@nucleo/core";
import { ClassToolProvider, ToolHub, type Skill, type ToolProvider } from "@nucleo/tools";
import { z } from "zod";

/** The task of the Summer thinker: the text its system prompt opens with. */
export const TASK = "Add the numbers you are given, using the add tool.";

/** A read-only tool answering `{ meaning: "<word>: <answer>" }`. */
export function lookupTool(name: string, description: string, answer: string): ToolProvider {
  class Lookup extends AbstractTool<{ word: string }, { meaning: string }> {
    readonly name = name;
    override readonly description = description;
    readonly input = z.object({ word: z.string() });
    readonly output = z.object({ meaning: z.string() });
    override readonly readOnly = true;
    execute(input: { word: string }) {
      return { meaning: `${input.word}: ${answer}` };
    }
  }
  return new ClassToolProvider(() => new Lookup());
}

/** `lookup_word`, a compatible tool of the hub. */
export const lookupWord = lookupTool(
  "lookup_word",
  "Look a word up in the glossary.",
  "a glossary entry",
);

/** `convert_units`, a compatible tool of the hub. */
export const convertUnits = lookupTool(
  "convert_units",
  "Convert a quantity between units.",
  "converted",
);

/** A skill whose text is easy to find in a system prompt. */
export const carefulMath: Skill = {
  name: "careful_math",
  description: "Checks every sum twice.",
  text: "SKILL-TEXT-CAREFUL: add each pair twice and compare.",
};

/** A second skill, for admission rules to refuse. */
export const roundedMath: Skill = {
  name: "rounded_math",
  description: "Rounds every total to tens.",
  text: "SKILL-TEXT-ROUNDED: round to the nearest ten.",
};

/** A fresh hub with both tools in its compatible catalog and both skills in its skill catalog. */
export function hubWithEverything(): ToolHub {
  return new ToolHub()
    .addCompatibleTools(lookupWord, convertUnits)
    .addSkills(carefulMath, roundedMath);
}

/** The definition of the tool `name` a request offered, if it offered one. */
export function toolNamed(request: LlmRequest, name: string): ToolDefinition | undefined {
  return request.tools.find((tool) => tool.name === name);
}

/** The `oneOf` entries of a door's names field, as the request carried them. */
export function enumOf(request: LlmRequest, door: string, field: string): unknown {
  const schema = toolNamed(request, door)?.inputSchema as
    | { properties: Record<string, { items: { oneOf: unknown } }> }
    | undefined;
  return schema?.properties[field]?.items.oneOf;
}

/** The tool results a request's last message carried. */
export function resultsIn(request: LlmRequest): ToolResultPart[] {
  return request.messages
    .at(-1)!
    .parts.filter((part): part is ToolResultPart => part.type === "tool_result");
}
