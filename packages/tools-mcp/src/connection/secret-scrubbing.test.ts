import { fileURLToPath } from "node:url";
import { inspect } from "node:util";
import { InvalidInputError, JobDispatcher } from "@nucleo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secretValues } from "../errors/secret-values.js";
import type { McpToolProvider } from "../provider/mcp-tool-provider.js";
import { connectMcpServer } from "./connect-mcp-server.js";
import type { McpServerConnection } from "./mcp-server-connection.js";

const CANARY = "sk-live-SECRET123456";
const serverEntry = fileURLToPath(new URL("../test-support/echo-key-server.ts", import.meta.url));
const dispatcher = new JobDispatcher();

async function refusal(providers: readonly McpToolProvider[], name: string): Promise<unknown> {
  const provider = providers.find((candidate) => candidate.name === name)!;
  const { job, input } = provider.invoke({ q: "x" }, {});
  return dispatcher.submit(job, input).then(
    () => expect.unreachable("the call should have failed"),
    (error: unknown) => error,
  );
}

function expectNoCanary(error: unknown): void {
  expect(InvalidInputError.isInstance(error)).toBe(true);
  const invalid = error as InvalidInputError;
  for (const text of [
    invalid.message,
    invalid.expected,
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
  ]) {
    expect(text).not.toContain(CANARY);
  }
  expect(invalid.expected).toContain("upstream rejected key [redacted]");
}

describe("a stdio server that echoes its secret environment in a refusal", () => {
  let connection: McpServerConnection;
  let providers: McpToolProvider[];

  beforeAll(async () => {
    connection = await connectMcpServer({
      alias: "leaky",
      transport: {
        kind: "stdio",
        command: process.execPath,
        args: [serverEntry],
        env: { UPSTREAM_KEY: CANARY },
        stderr: "ignore",
      },
    });
    providers = await connection.providers();
  });
  afterAll(() => connection.close());

  it("an isError result is quoted with the secret redacted", async () => {
    expectNoCanary(await refusal(providers, "leaky_leak-result"));
  });

  it("a JSON-RPC -32602 error is quoted with the secret redacted", async () => {
    expectNoCanary(await refusal(providers, "leaky_leak-error"));
  });
});

describe("secretValues", () => {
  it("takes long words of a header value, but not the auth scheme or short words", () => {
    const secrets = secretValues({
      kind: "http",
      url: "https://example.test/mcp",
      headers: { Authorization: "Bearer abcdefgh12345", "X-Key": "Token short longerword99" },
    });
    expect(secrets).toContain("abcdefgh12345");
    expect(secrets).toContain("longerword99");
    expect(secrets).not.toContain("Bearer");
    expect(secrets).not.toContain("Token");
    expect(secrets).not.toContain("short");
  });
});
