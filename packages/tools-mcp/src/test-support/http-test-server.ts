import { randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

const PAGES: readonly (readonly Tool[])[] = [
  [
    {
      name: "echo",
      description: "Echoes the text.",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
  ],
  [
    {
      name: "forecast",
      description: "Weather for a city.",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
    },
    {
      name: "vanished",
      description: "A tool the server lists but no longer runs.",
      inputSchema: { type: "object" },
    },
    {
      name: "broken",
      description: "Always fails inside the server.",
      inputSchema: { type: "object" },
    },
  ],
];

/**
 * An MCP server over streamable HTTP on 127.0.0.1, built with the SDK's low-level `Server` so
 * it can answer with JSON-RPC errors (the high-level `McpServer` turns them into error results)
 * and page its tool list. It demands a bearer token and, like a careless server, echoes the
 * header it got in its 401 body.
 */
export class HttpTestServer {
  readonly #http: HttpServer;
  readonly #token: string;
  readonly #sessions = new Map<
    string,
    { transport: StreamableHTTPServerTransport; server: Server }
  >();
  /** Every page cursor asked for, in order (`null` for the first page). */
  readonly cursors: (string | null)[] = [];

  private constructor(token: string) {
    this.#token = token;
    this.#http = createServer((request, response) => void this.#handle(request, response));
  }

  /** Starts listening on a free loopback port. */
  static async start(token: string): Promise<HttpTestServer> {
    const server = new HttpTestServer(token);
    await new Promise<void>((resolve) => server.#http.listen(0, "127.0.0.1", resolve));
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#http.address() as AddressInfo).port}/mcp`;
  }

  /** Drops every session, as a restarted server would: their next request gets a 404. */
  async forgetSessions(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map(({ server }) => server.close()));
  }

  async stop(): Promise<void> {
    await this.forgetSessions();
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization !== `Bearer ${this.#token}`) {
      response
        .writeHead(401, { "content-type": "text/plain" })
        .end(`bad credentials: ${authorization ?? "none"}`);
      return;
    }
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = this.#sessions.get(sessionId);
      if (session === undefined) {
        response.writeHead(404, { "content-type": "application/json" }).end(
          JSON.stringify({
            jsonrpc: "2.0",
            error: { code: -32001, message: "Session not found" },
            id: null,
          }),
        );
        return;
      }
      await session.transport.handleRequest(request, response);
      return;
    }
    const server = this.#mcpServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.#sessions.set(id, { transport, server }),
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }

  #mcpServer(): Server {
    const server = new Server(
      { name: "http-test-server", version: "1.0.0" },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const cursor = request.params?.cursor;
      this.cursors.push(cursor ?? null);
      return cursor === undefined
        ? { tools: [...PAGES[0]!], nextCursor: "page-2" }
        : { tools: [...PAGES[1]!] };
    });
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const args = request.params.arguments ?? {};
      switch (request.params.name) {
        case "echo":
          return { content: [{ type: "text", text: `echo: ${String(args.text)}` }] };
        case "forecast":
          if (typeof args.city !== "string")
            throw new McpError(
              ErrorCode.InvalidParams,
              "Invalid arguments: expected string, received undefined at city",
            );
          return { content: [{ type: "text", text: `Sunny in ${args.city}.` }] };
        case "broken":
          throw new McpError(ErrorCode.InternalError, "the database is down");
        default:
          throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);
      }
    });
    return server;
  }
}
