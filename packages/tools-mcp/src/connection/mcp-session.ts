import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpTransportOptions } from "./mcp-server-options.js";
import { openTransport, type SessionTransport } from "./open-transport.js";

const CLIENT_INFO = { name: "nucleo", version: "0.1.0" };

/**
 * One live MCP session: an SDK client over a started transport (for stdio, one child process).
 * It knows when it has died, so the connection can replace it instead of using a dead one.
 */
export class McpSession {
  readonly client: Client;
  readonly #transport: SessionTransport;
  #alive = true;

  private constructor(client: Client, transport: SessionTransport) {
    this.client = client;
    this.#transport = transport;
    // Fired by the SDK when the transport closes: the child exited, or we closed it.
    client.onclose = () => {
      this.#alive = false;
    };
  }

  /**
   * Starts the transport and runs the whole MCP handshake within `timeoutMs`; on failure nothing
   * is left running. The SDK's own timeout covers only `initialize`, not the `initialized`
   * notification after it (over HTTP, a POST a server may never answer), hence the timer here:
   * when it fires, closing the transport aborts whatever is still pending.
   */
  static async open(options: McpTransportOptions, timeoutMs: number): Promise<McpSession> {
    const transport = openTransport(options);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new McpError(ErrorCode.RequestTimeout, "The MCP handshake did not complete in time."),
          ),
        timeoutMs,
      );
    });
    try {
      await Promise.race([client.connect(transport.transport, { timeout: timeoutMs }), expired]);
    } catch (error) {
      await transport.transport.close().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return new McpSession(client, transport);
  }

  /** False once the transport has closed. */
  get alive(): boolean {
    return this.#alive;
  }

  /** The server's process id (stdio), for diagnostics. */
  get pid(): number | undefined {
    return this.#transport.pid();
  }

  /** Marks the session unusable at once, then closes it (for stdio, until the child has exited). */
  async close(): Promise<void> {
    this.#alive = false;
    await this.client.close().catch(() => undefined);
    await this.#transport.transport.close().catch(() => undefined);
  }
}
