// A stdio MCP server that, like a careless one, echoes its UPSTREAM_KEY in its refusals:
// `leak-result` answers with an isError result, `leak-error` with a JSON-RPC InvalidParams error.
// Usage: node echo-key-server.ts
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";

const key = process.env.UPSTREAM_KEY ?? "none";
const server = new Server(
  { name: "echo-key-server", version: "1.0.0" },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    { name: "leak-result", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    { name: "leak-error", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const said = `upstream rejected key ${key} (Bearer ${key}) at q`;
  if (request.params.name === "leak-result")
    return { isError: true, content: [{ type: "text", text: said }] };
  throw new McpError(ErrorCode.InvalidParams, said);
});
await server.connect(new StdioServerTransport());
