import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpTransportOptions } from "./mcp-server-options.js";

/** A transport for one session, and the server's process id when it is a child of ours. */
export interface SessionTransport {
  readonly transport: Transport;
  /** The child's pid once started (stdio only). */
  pid(): number | undefined;
}

/**
 * A stdio transport whose `close()` can be awaited by everyone who calls it. The SDK's client
 * closes a transport without awaiting it when the handshake fails, and a second plain `close()`
 * returns at once, before the child has exited; sharing one promise lets our `close()` wait
 * until the process is really gone.
 */
class AwaitedCloseStdioTransport extends StdioClientTransport {
  #closing: Promise<void> | undefined;

  override close(): Promise<void> {
    this.#closing ??= super.close();
    return this.#closing;
  }
}

/** Builds a fresh, unstarted transport from the options (the client starts it on connect). */
export function openTransport(options: McpTransportOptions): SessionTransport {
  if (options.kind === "stdio") {
    const transport = new AwaitedCloseStdioTransport({
      command: options.command,
      args: options.args,
      env: options.env,
      stderr: options.stderr,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    return { transport, pid: () => transport.pid ?? undefined };
  }
  const transport = new StreamableHTTPClientTransport(new URL(options.url), {
    requestInit: { headers: options.headers },
  });
  return { transport, pid: () => undefined };
}
