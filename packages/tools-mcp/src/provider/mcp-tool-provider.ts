import { SystemError } from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "@nucleo/tools";
import { formatMcpContent } from "./format-mcp-content.js";
import type { McpToolCaller, McpToolTarget } from "./mcp-tool-caller.js";
import { McpToolJob } from "./mcp-tool-job.js";
import { McpToolOutputSchema } from "./mcp-tool-output.js";

/** @internal What a {@link McpToolProvider} is built from. */
export interface McpToolProviderOptions {
  readonly target: McpToolTarget;
  readonly description: string;
  /** The deployment's word for the whole server; never the server's own hint. */
  readonly readOnly: boolean;
  readonly caller: McpToolCaller;
}

/**
 * One tool of an MCP server as a thinker's {@link ToolProvider}: the model reads the server's
 * own description and JSON Schema (unchanged), calls it by a sanitised, usually prefixed name,
 * and reads its content as text. Obtain them from `McpServerConnection.providers()`.
 */
export class McpToolProvider implements ToolProvider {
  readonly name: string;
  readonly description: string;
  /** The tool's name on the server. */
  readonly serverName: string;
  readonly #inputSchema: JsonSchema;
  readonly #readOnly: boolean;
  // One job serves every call: it holds no per-call state.
  readonly #job: McpToolJob;

  /** @internal Providers come from `McpServerConnection.providers()`. */
  constructor(options: McpToolProviderOptions) {
    this.name = options.target.name;
    this.serverName = options.target.serverName;
    this.description = options.description;
    this.#inputSchema = options.target.inputSchema;
    this.#readOnly = options.readOnly;
    this.#job = new McpToolJob(options);
  }

  /** The server's JSON Schema for the arguments, exactly as it listed it. */
  inputSchema(): JsonSchema {
    return this.#inputSchema;
  }

  /**
   * False unless the deployment marked the whole server read-only: a server's `readOnlyHint`
   * is a third party's claim, and the read-only binding must not rest on it.
   */
  readOnly(): boolean {
    return this.#readOnly;
  }

  /** The job and input for one call; the arguments go to the server as the model wrote them. */
  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    _context: ToolCreationContext,
  ): ToolInvocation {
    return { job: this.#job, input: { ...wireArguments } };
  }

  /** The content as text; see {@link formatMcpContent}. */
  formatResult(output: unknown): string {
    const parsed = McpToolOutputSchema.safeParse(output);
    if (!parsed.success) {
      throw new SystemError({
        code: "internal",
        message: `The output given to "${this.name}" is not an MCP tool result.`,
        cause: parsed.error,
      });
    }
    return formatMcpContent(parsed.data);
  }
}
