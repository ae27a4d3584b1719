import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { resolveMcpServerOptions, type McpServerOptions } from "./mcp-server-options.js";

describe("resolveMcpServerOptions", () => {
  it("applies the defaults: not read-only, a timeout on every request, names prefixed by the alias later", () => {
    const options = resolveMcpServerOptions({
      alias: "files",
      transport: { kind: "stdio", command: "npx" },
    });
    expect(options).toEqual({
      alias: "files",
      transport: { kind: "stdio", command: "npx", args: [], env: {}, stderr: "inherit" },
      readOnly: false,
      timeoutMs: 60_000,
      connectTimeoutMs: 15_000,
    });
  });

  it("refuses an unknown option, naming it", () => {
    const options = {
      alias: "files",
      transport: { kind: "stdio", command: "npx" },
      readonly: true,
    } as McpServerOptions;
    expect(() => resolveMcpServerOptions(options)).toThrow(InvalidInputError);
  });

  it("refuses a wrong header without quoting any header value", () => {
    const secret = "Bearer secret-value-123";
    const options = {
      alias: "files",
      transport: {
        kind: "http",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: secret, Retries: 3 },
      },
    } as unknown as McpServerOptions;
    const error = (() => {
      try {
        resolveMcpServerOptions(options);
      } catch (caught) {
        return caught as InvalidInputError;
      }
      throw new Error("not refused");
    })();
    expect(error.parameter).toBe("transport.headers.Retries");
    expect(error.message).not.toContain("secret-value-123");
  });

  it("refuses an alias that could not prefix a tool name, and a URL that is not http(s)", () => {
    expect(() =>
      resolveMcpServerOptions({ alias: "my server", transport: { kind: "stdio", command: "npx" } }),
    ).toThrow('Invalid value for "alias"');
    expect(() =>
      resolveMcpServerOptions({
        alias: "web",
        transport: { kind: "http", url: "file:///etc/passwd" },
      }),
    ).toThrow('Invalid value for "transport.url"');
  });
});
