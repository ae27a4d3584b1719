import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP endpoint on 127.0.0.1 that answers `initialize` but never answers the
 * `notifications/initialized` POST after it: a handshake that stalls after its only request.
 */
export class SilentInitializedServer {
  readonly #http: HttpServer;
  #abandon: () => void = () => undefined;
  /** Settles once the client has dropped the unanswered notification POST (its fetch aborted). */
  readonly abandoned = new Promise<void>((resolve) => (this.#abandon = resolve));

  private constructor() {
    this.#http = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        if (request.method !== "POST") {
          response.writeHead(405).end();
          return;
        }
        const message = JSON.parse(body) as {
          id?: number;
          method?: string;
          params?: { protocolVersion?: string };
        };
        if (message.method !== "initialize") {
          response.on("close", () => this.#abandon()); // never answered
          return;
        }
        const result = {
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "silent", version: "1.0.0" },
        };
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
      });
    });
  }

  static async start(): Promise<SilentInitializedServer> {
    const server = new SilentInitializedServer();
    await new Promise<void>((resolve) => server.#http.listen(0, "127.0.0.1", resolve));
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#http.address() as AddressInfo).port}/mcp`;
  }

  async stop(): Promise<void> {
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }
}
