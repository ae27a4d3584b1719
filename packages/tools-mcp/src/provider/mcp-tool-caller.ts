import type { JsonSchema } from "@nucleo/conversation";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** @internal Which tool a job calls: the server's name for it, the model's, and its argument schema. */
export interface McpToolTarget {
  /** The tool's name on the server, as sent in `tools/call`. */
  readonly serverName: string;
  /** The tool's name as the model calls it. */
  readonly name: string;
  readonly inputSchema: JsonSchema;
}

/**
 * @internal How a job reaches its server: implemented by the connection, which owns the
 * session, the timeout and the mapping of failures. It throws only Nucleo's outcomes.
 */
export interface McpToolCaller {
  /** The transport's secret values, never to be quoted back from the server. */
  readonly secrets: readonly string[];
  callTool(
    target: McpToolTarget,
    args: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ): Promise<CallToolResult>;
}
