import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ExternalServiceError, InvalidInputError, JobDispatcher, SystemError } from "@nucleo/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpToolProvider } from "../provider/mcp-tool-provider.js";
import {
  everythingOverStdio,
  everythingServerEntry,
  isRunning,
} from "../test-support/everything-server.js";
import { connectMcpServer } from "./connect-mcp-server.js";
import type { McpServerConnection } from "./mcp-server-connection.js";

const dispatcher = new JobDispatcher();

function find(providers: readonly McpToolProvider[], name: string): McpToolProvider {
  const provider = providers.find((candidate) => candidate.name === name);
  if (provider === undefined)
    throw new Error(
      `no provider ${name} among ${providers.map((candidate) => candidate.name).join(", ")}`,
    );
  return provider;
}

async function run(provider: McpToolProvider, args: Record<string, unknown>): Promise<string> {
  const { job, input } = provider.invoke(args, {});
  return provider.formatResult(await dispatcher.submit(job, input));
}

describe("the everything reference server over stdio", () => {
  let connection: McpServerConnection;
  let providers: McpToolProvider[];

  beforeAll(async () => {
    connection = await connectMcpServer(everythingOverStdio());
    providers = await connection.providers();
  });
  afterAll(() => connection.close());

  it("lists the server's tools as providers named <alias>_<tool>, with the server's own description and JSON Schema", () => {
    expect(providers.map((provider) => provider.name)).toEqual(
      expect.arrayContaining([
        "everything_echo",
        "everything_get-sum",
        "everything_get-tiny-image",
      ]),
    );
    const sum = find(providers, "everything_get-sum");
    expect(sum.serverName).toBe("get-sum");
    expect(sum.description).toBe("Returns the sum of two numbers");
    expect(sum.inputSchema()).toEqual({
      type: "object",
      properties: {
        a: { type: "number", description: "First number" },
        b: { type: "number", description: "Second number" },
      },
      required: ["a", "b"],
      $schema: "http://json-schema.org/draft-07/schema#",
    });
  });

  it("leaves out a tool that can only run as an MCP task", () => {
    expect(providers.map((provider) => provider.serverName)).not.toContain(
      "simulate-research-query",
    );
  });

  it("runs a call through the JobDispatcher and renders its text content", async () => {
    expect(await run(find(providers, "everything_get-sum"), { a: 2, b: 3 })).toBe(
      "The sum of 2 and 3 is 5.",
    );
    expect(await run(find(providers, "everything_echo"), { message: "hi" })).toBe("Echo: hi");
  });

  it("renders an image part as a bracketed note with its MIME type", async () => {
    expect(await run(find(providers, "everything_get-tiny-image"), {})).toBe(
      "Here's the image you requested:\n[image: image/png]\nThe image above is the MCP logo.",
    );
  });

  it("is not read-only even where the server hints readOnlyHint: true", () => {
    const echo = find(providers, "everything_echo");
    expect(echo.readOnly()).toBe(false);
    expect(echo.invoke({ message: "x" }, {}).job.readOnly).toBe(false);
  });

  it("arguments the server refuses are an InvalidInputError naming the field and quoting the server", async () => {
    const error = await run(find(providers, "everything_get-sum"), { a: "two", b: 3 }).catch(
      (caught: unknown) => caught,
    );
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "a" });
    expect((error as InvalidInputError).expected).toContain(
      "expected number, received string at a",
    );
  });

  it("a call that outlasts timeoutMs is an ExternalServiceError naming the wait, and the session stays usable", async () => {
    const impatient = await connectMcpServer(everythingOverStdio({ timeoutMs: 500 }));
    try {
      const tools = await impatient.providers();
      const pid = impatient.pid;
      // The operation takes 1.5 s, three times the timeout.
      const error = await run(find(tools, "everything_trigger-long-running-operation"), {
        duration: 1.5,
        steps: 1,
      }).catch((caught: unknown) => caught);
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        'The mcp:everything service failed during "call trigger-long-running-operation": no answer within 500 ms.',
      );
      expect(await run(find(tools, "everything_get-sum"), { a: 1, b: 1 })).toBe(
        "The sum of 1 and 1 is 2.",
      );
      expect(impatient.pid).toBe(pid);
    } finally {
      await impatient.close();
    }
  });

  it("cancelling the job cancels the call", async () => {
    const { job, input } = find(providers, "everything_trigger-long-running-operation").invoke(
      { duration: 1.5, steps: 1 },
      {},
    );
    const handle = dispatcher.submit(job, input);
    handle.cancel("the thinker moved on");
    const error = await handle.catch((caught: unknown) => caught);
    expect(SystemError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "cancelled" });
  });
});

describe("read-only is the deployment's word", () => {
  it("a server the deployment marks read-only gives read-only providers and jobs", async () => {
    const connection = await connectMcpServer(everythingOverStdio({ readOnly: true }));
    try {
      const echo = find(await connection.providers(), "everything_echo");
      expect(echo.readOnly()).toBe(true);
      expect(echo.invoke({ message: "x" }, {}).job.readOnly).toBe(true);
    } finally {
      await connection.close();
    }
  });
});

describe("a server that dies", () => {
  it("a server killed mid-call fails that call with an ExternalServiceError at once, and the next call reconnects to a new process", async () => {
    const connection = await connectMcpServer(everythingOverStdio());
    try {
      const providers = await connection.providers();
      const pid = connection.pid!;
      const started = Date.now();
      const pending = run(find(providers, "everything_trigger-long-running-operation"), {
        duration: 30,
        steps: 1,
      }).catch((caught: unknown) => caught);
      process.kill(pid, "SIGKILL");
      const error = await pending;
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        service: "mcp:everything",
        step: "call trigger-long-running-operation",
      });
      expect(Date.now() - started).toBeLessThan(5_000);

      expect(await run(find(providers, "everything_get-sum"), { a: 4, b: 5 })).toBe(
        "The sum of 4 and 5 is 9.",
      );
      expect(connection.pid).not.toBe(pid);
      expect(isRunning(pid)).toBe(false);
    } finally {
      await connection.close();
    }
  });

  it("when the server cannot be started again, the next call reports an ExternalServiceError for the connect step promptly", async () => {
    const directory = await mkdtemp(join(tmpdir(), "tools-mcp-"));
    const onceOnly = fileURLToPath(new URL("../test-support/once-only-server.ts", import.meta.url));
    const connection = await connectMcpServer({
      alias: "fragile",
      transport: {
        kind: "stdio",
        command: process.execPath,
        args: [onceOnly, join(directory, "started"), everythingServerEntry],
        stderr: "ignore",
      },
    });
    try {
      const sum = find(await connection.providers(), "fragile_get-sum");
      process.kill(connection.pid!, "SIGKILL");
      // The first call may still find the dying session; by the second the restart is tried.
      const started = Date.now();
      const errors = [
        await run(sum, { a: 1, b: 2 }).catch((caught: unknown) => caught),
        await run(sum, { a: 1, b: 2 }).catch((caught: unknown) => caught),
      ];
      expect(errors.every((error) => ExternalServiceError.isInstance(error))).toBe(true);
      expect(errors[1]).toMatchObject({ service: "mcp:fragile", step: "connect" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await connection.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe("opening and closing", () => {
  it("close() ends the child process, and later requests are refused", async () => {
    const connection = await connectMcpServer(everythingOverStdio());
    const pid = connection.pid!;
    expect(isRunning(pid)).toBe(true);
    await connection.close();
    expect(isRunning(pid)).toBe(false);
    const error = await connection.providers().catch((caught: unknown) => caught);
    expect(SystemError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "closed" });
  });

  it("a command that does not exist is an ExternalServiceError for the connect step", async () => {
    const error = await connectMcpServer({
      alias: "ghost",
      transport: { kind: "stdio", command: "/nonexistent/mcp-server", stderr: "ignore" },
    }).catch((caught: unknown) => caught);
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('The mcp:ghost service failed during "connect": ENOENT.');
  });
});
