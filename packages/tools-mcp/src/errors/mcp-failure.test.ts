import { ExternalServiceError, InvalidInputError, SystemError } from "@nucleo/core";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { classifyMcpFailure, type McpFailureSite } from "./mcp-failure.js";

const site: McpFailureSite = {
  service: "mcp:files",
  step: "call read",
  tool: {
    name: "files_read",
    inputSchema: { type: "object", properties: { path: { type: "string" } } },
  },
  timeoutMs: 5_000,
  secrets: ["hunter2-password"],
};

describe("classifyMcpFailure", () => {
  it("a request timeout is the service's failure, naming the wait; the session stays", () => {
    const failure = classifyMcpFailure(
      new McpError(ErrorCode.RequestTimeout, "Request timed out"),
      site,
    );
    expect(ExternalServiceError.isInstance(failure.error)).toBe(true);
    expect(failure.error.message).toBe(
      'The mcp:files service failed during "call read": no answer within 5000 ms.',
    );
    expect(failure.sessionLost).toBe(false);
  });

  it("a closed connection is the service's failure and loses the session", () => {
    const failure = classifyMcpFailure(
      new McpError(ErrorCode.ConnectionClosed, "Connection closed"),
      site,
    );
    expect(ExternalServiceError.isInstance(failure.error)).toBe(true);
    expect(failure.sessionLost).toBe(true);
  });

  it("structured content that breaks the tool's own output schema is the server's fault, not the model's", () => {
    const failure = classifyMcpFailure(
      new McpError(
        ErrorCode.InvalidParams,
        "Structured content does not match the tool's output schema: data/x must be number",
      ),
      site,
    );
    expect(ExternalServiceError.isInstance(failure.error)).toBe(true);
  });

  it("a long server refusal is cut to about 300 characters", () => {
    const failure = classifyMcpFailure(
      new McpError(ErrorCode.InvalidParams, `bad path ${"x".repeat(1_000)}`),
      site,
    );
    expect(InvalidInputError.isInstance(failure.error)).toBe(true);
    expect((failure.error as InvalidInputError).expected.length).toBeLessThan(400);
  });

  it("an abort by the caller is the caller's outcome, not the service's", () => {
    const controller = new AbortController();
    const reason = new SystemError({ code: "timeout", message: "Job timed out." });
    controller.abort(reason);
    expect(classifyMcpFailure(reason, { ...site, signal: controller.signal }).error).toBe(reason);
    const plain = new AbortController();
    plain.abort();
    expect(
      classifyMcpFailure(new Error("This operation was aborted"), { ...site, signal: plain.signal })
        .error,
    ).toMatchObject({ code: "cancelled" });
  });

  it("a transport failure names only a system code, and the kept cause has the secrets scrubbed", () => {
    const raw = Object.assign(new Error("connect to https://user:hunter2-password@host failed"), {
      code: "ECONNREFUSED",
    });
    const failure = classifyMcpFailure(raw, site);
    expect(failure.error.message).toBe(
      'The mcp:files service failed during "call read": ECONNREFUSED.',
    );
    expect((failure.error.cause as Error).message).toBe(
      "connect to https://user:[redacted]@host failed",
    );
    expect(failure.sessionLost).toBe(true);
  });
});
