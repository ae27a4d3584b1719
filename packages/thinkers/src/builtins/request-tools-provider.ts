import { AbstractTool } from "@nucleo/core";
import type { ToolInvocation, ToolProvider } from "@nucleo/tools";
import { z } from "zod";
import { CatalogDoorProvider } from "./catalog-door-provider.js";

/** The name the model calls the compatible-tool door by. */
export const REQUEST_TOOLS = "request_tools";

const GrantInput = z.object({ toolNames: z.array(z.string()).min(1) });
type GrantInput = z.infer<typeof GrantInput>;

/** The job behind one `request_tools` call: it adds the tools to the thinker's palette. */
class GrantTools extends AbstractTool<GrantInput, { added: string[] }> {
  readonly name = REQUEST_TOOLS;
  readonly input = GrantInput;
  readonly output = z.object({ added: z.array(z.string()) });

  constructor(
    readonly catalog: ReadonlyMap<string, ToolProvider>,
    readonly grant: (provider: ToolProvider) => void,
  ) {
    super();
  }

  execute(input: GrantInput): { added: string[] } {
    for (const name of input.toolNames) this.grant(this.catalog.get(name)!);
    return { added: input.toolNames };
  }
}

/**
 * `request_tools`: adds tools from the reconciled compatible-tool catalog to the palette for
 * the rest of the run. Rebuilt whenever the catalog changes; the names are enumerated in
 * `tool_names` as `oneOf` `{ const, description }`. Not read-only — it widens the palette —
 * so the read-only sweep withholds it like any other such tool.
 */
export class RequestToolsProvider extends CatalogDoorProvider<ToolProvider> {
  readonly name = REQUEST_TOOLS;
  readonly description =
    "Add tools from the catalog to your palette for the rest of this task. Ask only for tools the task needs.";
  readonly #grant: (provider: ToolProvider) => void;

  constructor(
    /** The catalog this door offers, by name. */
    catalog: ReadonlyMap<string, ToolProvider>,
    grant: (provider: ToolProvider) => void,
  ) {
    super(catalog, { field: "tool_names", what: "tools" });
    this.#grant = grant;
  }

  readOnly(): boolean {
    return false;
  }

  protected invocation(toolNames: string[]): ToolInvocation {
    return { job: new GrantTools(this.catalog, this.#grant) as never, input: { toolNames } };
  }

  formatResult(output: unknown): string {
    const { added } = output as { added: string[] };
    return `Added to your palette: ${added.join(", ")}.`;
  }
}
