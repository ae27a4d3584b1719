import { inspect } from "node:util";
import { ExternalServiceError, InvalidInputError, JobDispatcher } from "@nucleo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpToolProvider } from "../provider/mcp-tool-provider.js";
import { HttpTestServer } from "../test-support/http-test-server.js";
import { connectMcpServer } from "./connect-mcp-server.js";
import type { McpServerConnection } from "./mcp-server-connection.js";

// The server-everything package can serve streamable HTTP, but only on all interfaces and on a
// port it does not report back; these tests use an in-process SDK server on 127.0.0.1 instead.
const TOKEN = "canary-token-7f3a9c";
const dispatcher = new JobDispatcher();

async function run(
  providers: readonly McpToolProvider[],
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const provider = providers.find((candidate) => candidate.name === name)!;
  const { job, input } = provider.invoke(args, {});
  return provider.formatResult(await dispatcher.submit(job, input));
}

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("the call should have failed"),
    (error: unknown) => error,
  );
}

describe("an MCP server over streamable HTTP", () => {
  let server: HttpTestServer;
  let connection: McpServerConnection;
  let providers: McpToolProvider[];

  beforeAll(async () => {
    server = await HttpTestServer.start(TOKEN);
    connection = await connectMcpServer({
      alias: "weather",
      transport: { kind: "http", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    providers = await connection.providers();
  });
  afterAll(async () => {
    await connection.close();
    await server.stop();
  });

  it("lists every page of the server's tools, following the cursor, with the configured headers", () => {
    expect(providers.map((provider) => provider.name)).toEqual([
      "weather_echo",
      "weather_forecast",
      "weather_vanished",
      "weather_broken",
    ]);
    expect(server.cursors).toEqual([null, "page-2"]);
  });

  it("runs a call and renders its text", async () => {
    expect(await run(providers, "weather_echo", { text: "hello" })).toBe("echo: hello");
  });

  it("a JSON-RPC InvalidParams answer is an InvalidInputError naming the field the server points at", async () => {
    const error = await failure(run(providers, "weather_forecast", {}));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid value for "city": expected a value the weather_forecast tool accepts (the server said: "Invalid arguments: expected string, received undefined at city").',
    );
  });

  it("a JSON-RPC MethodNotFound answer is an InvalidInputError naming the tool", async () => {
    const error = await failure(run(providers, "weather_vanished", {}));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "tool", value: "weather_vanished" });
  });

  it("any other JSON-RPC error is an ExternalServiceError naming mcp:<alias> and the step, not the server's text", async () => {
    const error = await failure(run(providers, "weather_broken", {}));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'The mcp:weather service failed during "call broken": JSON-RPC error -32603.',
    );
  });

  it("a session the server forgot fails that call with an ExternalServiceError, and the next call opens a new session", async () => {
    await server.forgetSessions();
    const error = await failure(run(providers, "weather_echo", { text: "lost" }));
    expect((error as Error).message).toBe(
      'The mcp:weather service failed during "call echo": HTTP 404.',
    );
    expect(await run(providers, "weather_echo", { text: "back" })).toBe("echo: back");
  });
});

describe("credentials", () => {
  it("a refused token is an ExternalServiceError whose message, fields and causes never contain it", async () => {
    const server = await HttpTestServer.start(TOKEN);
    const wrong = "wrong-token-5e1d0b";
    try {
      const error = await failure(
        connectMcpServer({
          alias: "weather",
          transport: {
            kind: "http",
            url: server.url,
            headers: { Authorization: `Bearer ${wrong}` },
          },
        }),
      );
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        'The mcp:weather service failed during "connect": HTTP 401.',
      );
      // The server echoed the header into its 401 body, which the SDK put into its own message.
      expect(inspect(error, { depth: 10 })).toContain("bad credentials: [redacted]");
      expect(inspect(error, { depth: 10 })).not.toContain(wrong);
    } finally {
      await server.stop();
    }
  });

  it("a server that stopped listening is an ExternalServiceError, on the call and then on the reconnect", async () => {
    const server = await HttpTestServer.start(TOKEN);
    const connection = await connectMcpServer({
      alias: "weather",
      transport: { kind: "http", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
    });
    try {
      const providers = await connection.providers();
      await server.stop();
      const first = await failure(run(providers, "weather_echo", { text: "anyone?" }));
      const second = await failure(run(providers, "weather_echo", { text: "anyone?" }));
      expect(first).toMatchObject({ service: "mcp:weather", step: "call echo" });
      expect(second).toMatchObject({ service: "mcp:weather", step: "connect" });
      expect((second as Error).message).toBe(
        'The mcp:weather service failed during "connect": ECONNREFUSED.',
      );
    } finally {
      await connection.close();
    }
  });
});

describe("a streamable HTTP server that never answers the initialized notification", () => {
  it("fails the connect within connectTimeoutMs and leaves close() free to resolve", async () => {
    const { SilentInitializedServer } = await import(
      "../test-support/silent-initialized-server.js"
    );
    const silent = await SilentInitializedServer.start();
    try {
      const started = Date.now();
      const error = await failure(
        connectMcpServer({
          alias: "silent",
          connectTimeoutMs: 300,
          transport: { kind: "http", url: silent.url },
        }),
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ service: "mcp:silent", step: "connect" });
      // The transport was closed: the pending POST was aborted, nothing is left waiting.
      await silent.abandoned;
    } finally {
      await silent.stop();
    }
  }, 5_000);
});
