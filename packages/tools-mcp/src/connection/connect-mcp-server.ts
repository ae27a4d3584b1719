import { McpServerConnection } from "./mcp-server-connection.js";
import type { McpServerOptions } from "./mcp-server-options.js";

/**
 * Connects to one MCP server and returns the open connection; see {@link McpServerConnection}.
 *
 * @example
 * const github = await connectMcpServer({
 *   alias: "github",
 *   transport: { kind: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } },
 *   readOnly: true, // the deployment vouches that this server only reads
 * });
 * const providers = await github.providers(); // names like "github_search_issues"
 */
export function connectMcpServer(options: McpServerOptions): Promise<McpServerConnection> {
  return McpServerConnection.connect(options);
}
