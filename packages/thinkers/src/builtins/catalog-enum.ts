import { InvalidInputError } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";

/** One name a door offers, with the description the model chooses by. */
export interface CatalogChoice {
  readonly name: string;
  readonly description: string;
}

/**
 * The arguments schema of a catalog door: one snake_case field holding a non-empty list of
 * names, each enumerated as `oneOf` `{ const, description }` — so a provider that validates
 * natively refuses an unknown name before it reaches admission, and the catalog never has to
 * be written into the system prompt as free text.
 */
export function catalogEnumSchema(
  field: string,
  what: string,
  choices: readonly CatalogChoice[],
): JsonSchema {
  return {
    type: "object",
    properties: {
      [field]: {
        type: "array",
        description: `The ${what} to add, by name.`,
        minItems: 1,
        uniqueItems: true,
        items: {
          oneOf: choices.map((choice) => ({ const: choice.name, description: choice.description })),
        },
      },
    },
    required: [field],
    additionalProperties: false,
  };
}

/**
 * The names a door's call asked for, each checked against the catalog. Model arguments are
 * untrusted: a name outside the catalog is refused by its position, never quoted back.
 */
export function readCatalogNames(
  args: Readonly<Record<string, unknown>>,
  field: string,
  catalog: ReadonlyMap<string, unknown>,
): string[] {
  const names = args[field];
  // The catalog is listed only in a refusal: a valid call builds no text.
  const known = (): string => [...catalog.keys()].join(", ");
  if (!Array.isArray(names) || names.length === 0)
    throw new InvalidInputError({
      parameter: field,
      expected: `a non-empty list of names from the catalog (${known()})`,
    });
  names.forEach((name, index) => {
    if (typeof name !== "string" || !catalog.has(name))
      throw new InvalidInputError({
        parameter: `${field}[${index}]`,
        expected: `one of the catalog's names (${known()})`,
      });
  });
  for (const key of Object.keys(args)) {
    if (key !== field)
      throw new InvalidInputError({
        parameter: "(arguments)",
        expected: `only the field ${field}`,
      });
  }
  return [...new Set(names as string[])];
}
