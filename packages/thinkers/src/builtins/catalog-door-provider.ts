import type { JsonSchema } from "@nucleo/conversation";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "@nucleo/tools";
import { catalogEnumSchema, readCatalogNames, type CatalogChoice } from "./catalog-enum.js";

/** Where a door reads its names: the wire field, and what the names are (for its description). */
export interface CatalogDoorField {
  /** The snake_case argument holding the names (`tool_names`). */
  readonly field: string;
  /** What the names stand for, plural (`tools`). */
  readonly what: string;
}

/**
 * What the catalog doors (`request_tools`, `request_skill`) share: a catalog by name, the
 * arguments schema that enumerates it, and a call whose names are checked against it before
 * any job is built. A door says only whether it reads, what job a checked list of names
 * becomes, and how the job's output reads to the model.
 *
 * @internal
 */
export abstract class CatalogDoorProvider<TEntry extends CatalogChoice> implements ToolProvider {
  abstract readonly name: string;
  abstract readonly description: string;
  readonly #field: string;
  readonly #schema: JsonSchema;

  constructor(
    /** The catalog this door offers, by name. */
    readonly catalog: ReadonlyMap<string, TEntry>,
    door: CatalogDoorField,
  ) {
    this.#field = door.field;
    this.#schema = catalogEnumSchema(door.field, door.what, [...catalog.values()]);
  }

  inputSchema(): JsonSchema {
    return this.#schema;
  }

  abstract readOnly(): boolean;

  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    _context: ToolCreationContext,
  ): ToolInvocation {
    return this.invocation(readCatalogNames(wireArguments, this.#field, this.catalog));
  }

  /** The job and input for a call asking for `names` (each in the catalog, no repeats). */
  protected abstract invocation(names: string[]): ToolInvocation;

  abstract formatResult(output: unknown): string;
}
