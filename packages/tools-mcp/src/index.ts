/**
 * @nucleo/tools-mcp — MCP servers as Nucleo tool providers, over the official
 * `@modelcontextprotocol/sdk` client (stdio and streamable HTTP).
 *
 * @packageDocumentation
 */
export { connectMcpServer } from "./connection/connect-mcp-server.js";
export {
  McpServerConnection,
  type ListProvidersOptions,
} from "./connection/mcp-server-connection.js";
export {
  McpServerOptionsSchema,
  type McpServerOptions,
  type ResolvedMcpServerOptions,
  type McpTransportOptions,
} from "./connection/mcp-server-options.js";
export { McpToolProvider } from "./provider/mcp-tool-provider.js";
export {
  McpToolOutputSchema,
  type McpToolOutput,
  type McpContentPart,
} from "./provider/mcp-tool-output.js";
export { formatMcpContent } from "./provider/format-mcp-content.js";
export { providerToolName } from "./provider/tool-names.js";
