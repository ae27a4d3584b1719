import { SystemError } from "@nucleo/core";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { classifyMcpFailure } from "../errors/mcp-failure.js";
import { secretValues } from "../errors/secret-values.js";
import type { McpToolCaller, McpToolTarget } from "../provider/mcp-tool-caller.js";
import { McpToolProvider } from "../provider/mcp-tool-provider.js";
import { providerToolName } from "../provider/tool-names.js";
import { listAllTools } from "./list-all-tools.js";
import {
  resolveMcpServerOptions,
  type McpServerOptions,
  type ResolvedMcpServerOptions,
} from "./mcp-server-options.js";
import { McpSession } from "./mcp-session.js";
import { raceAbort } from "./race-abort.js";

/** Options of {@link McpServerConnection.providers}. */
export interface ListProvidersOptions {
  /** Abandons the listing (the session stays usable). */
  readonly signal?: AbortSignal;
}

/**
 * A connection to one MCP server, over stdio (a child process) or streamable HTTP, through the
 * official SDK client. It lists the server's tools as {@link McpToolProvider}s and carries their
 * calls. Every request has a timeout; a session that died (the child exited, the connection
 * broke) fails the calls in flight with an `ExternalServiceError` at once and is replaced, by one
 * bounded reconnect, on the next request. Create it with {@link connectMcpServer}; `close()` it
 * when done (for stdio, that ends the child process).
 *
 * @example
 * const connection = await connectMcpServer({ alias: "files", transport: { kind: "stdio", command: "npx", args: ["-y", "some-mcp-server"] } });
 * const providers = await connection.providers();
 * // ...hand them to a thinker...
 * await connection.close();
 */
export class McpServerConnection {
  /** The server's alias from the options. */
  readonly alias: string;
  /** The service name errors carry: `mcp:<alias>`. */
  readonly service: string;
  readonly #options: ResolvedMcpServerOptions;
  readonly #secrets: readonly string[];
  readonly #caller: McpToolCaller;
  #session: McpSession | undefined;
  #opening: Promise<McpSession> | undefined;
  readonly #retiring = new Set<Promise<void>>();
  #closed = false;

  private constructor(options: ResolvedMcpServerOptions) {
    this.alias = options.alias;
    this.service = `mcp:${options.alias}`;
    this.#options = options;
    this.#secrets = secretValues(options.transport);
    this.#caller = {
      secrets: this.#secrets,
      callTool: (target, args, signal) => this.#callTool(target, args, signal),
    };
  }

  /**
   * Checks the options and opens the first session, so a wrong command, URL or token shows at
   * start-up. A wrong option is an `InvalidInputError`; a server that cannot be reached or does
   * not complete the handshake in time, an `ExternalServiceError` with step `connect`.
   */
  static async connect(options: McpServerOptions): Promise<McpServerConnection> {
    const connection = new McpServerConnection(resolveMcpServerOptions(options));
    await connection.#live(undefined);
    return connection;
  }

  /** The stdio server's process id while a session is open, for diagnostics; undefined over HTTP. */
  get pid(): number | undefined {
    return this.#session?.alive ? this.#session.pid : undefined;
  }

  /**
   * The server's tools as providers, listed afresh on each call (every page). Tools that can
   * only run as MCP tasks are left out: this client calls tools directly.
   */
  async providers(options: ListProvidersOptions = {}): Promise<McpToolProvider[]> {
    const tools = await this.#request("list tools", undefined, options.signal, (session) =>
      listAllTools(session.client, {
        timeoutMs: this.#options.timeoutMs,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      }),
    );
    const prefix = this.#options.toolNamePrefix ?? `${this.alias}_`;
    const providers = new Map<string, McpToolProvider>();
    for (const tool of tools) {
      if (tool.execution?.taskSupport === "required") continue;
      const name = providerToolName(prefix, tool.name);
      // A server listing one name twice is taken at its first word.
      if (providers.has(name)) continue;
      providers.set(name, this.#provider(tool, name));
    }
    return [...providers.values()];
  }

  /** Ends the session (for stdio: until the child process has exited). Later requests are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#session !== undefined) this.#retire(this.#session);
    // A session still opening is closed by #open itself when it sees #closed.
    await this.#opening?.catch(() => undefined);
    await Promise.all(this.#retiring);
  }

  #provider(tool: Tool, name: string): McpToolProvider {
    return new McpToolProvider({
      target: { serverName: tool.name, name, inputSchema: tool.inputSchema },
      description: tool.description ?? tool.title ?? tool.annotations?.title ?? "",
      readOnly: this.#options.readOnly,
      caller: this.#caller,
    });
  }

  #callTool(
    target: McpToolTarget,
    args: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    return this.#request(`call ${target.serverName}`, target, signal, async (session) => {
      const result = await session.client.callTool(
        { name: target.serverName, arguments: { ...args } },
        undefined,
        {
          signal,
          timeout: this.#options.timeoutMs,
        },
      );
      // The SDK's return type also covers the legacy `toolResult` shape, which only a schema we
      // do not pass would produce; the default schema always yields `content`.
      return isCallToolResult(result) ? result : { content: [] };
    });
  }

  /** Runs one request on a live session and maps its failure; a lost session is dropped for the next request to replace. */
  async #request<T>(
    step: string,
    tool: McpToolTarget | undefined,
    signal: AbortSignal | undefined,
    run: (session: McpSession) => Promise<T>,
  ): Promise<T> {
    const session = await this.#live(signal);
    try {
      return await run(session);
    } catch (error) {
      const failure = classifyMcpFailure(error, {
        service: this.service,
        step,
        ...(tool === undefined ? {} : { tool }),
        ...(signal === undefined ? {} : { signal }),
        timeoutMs: this.#options.timeoutMs,
        secrets: this.#secrets,
      });
      if (failure.sessionLost) this.#retire(session);
      throw failure.error;
    }
  }

  /** The current session, or one new one (shared by every caller waiting) when it has died. */
  #live(signal: AbortSignal | undefined): Promise<McpSession> {
    if (this.#closed) return Promise.reject(this.#closedError());
    if (this.#session?.alive) return Promise.resolve(this.#session);
    if (this.#session !== undefined) this.#retire(this.#session);
    this.#opening ??= this.#open().finally(() => {
      this.#opening = undefined;
    });
    return raceAbort(this.#opening, signal);
  }

  async #open(): Promise<McpSession> {
    let session: McpSession;
    try {
      session = await McpSession.open(this.#options.transport, this.#options.connectTimeoutMs);
    } catch (error) {
      throw classifyMcpFailure(error, {
        service: this.service,
        step: "connect",
        timeoutMs: this.#options.connectTimeoutMs,
        secrets: this.#secrets,
      }).error;
    }
    if (this.#closed) {
      await session.close();
      throw this.#closedError();
    }
    this.#session = session;
    return session;
  }

  /** Takes a session out of use and closes it in the background; `close()` waits for it. */
  #retire(session: McpSession): void {
    if (this.#session === session) this.#session = undefined;
    const closing: Promise<void> = session.close().finally(() => this.#retiring.delete(closing));
    this.#retiring.add(closing);
  }

  #closedError(): SystemError {
    return new SystemError({
      code: "closed",
      message: `The connection to the MCP server "${this.alias}" has been closed.`,
    });
  }
}

function isCallToolResult(result: { readonly [key: string]: unknown }): result is CallToolResult {
  return Array.isArray(result.content);
}
