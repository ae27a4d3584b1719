import {
  ExternalServiceError,
  InvalidInputError,
  LLMReadableError,
  RetrySignal,
  SystemError,
  type UnwrappedError,
} from "@nucleo/core";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { JsonSchema } from "@nucleo/conversation";
import { EndlessToolListError } from "./endless-tool-list-error.js";
import { redactSecrets } from "./redact-secrets.js";
import { refusedArguments } from "./refused-arguments.js";

/** Where a failure happened, for {@link classifyMcpFailure}. */
export interface McpFailureSite {
  /** `mcp:<alias>`. */
  readonly service: string;
  /** `connect`, `list tools` or `call <tool>`. */
  readonly step: string;
  /** For a tool call: the tool's name as the model calls it, and the schema its arguments follow. */
  readonly tool?: { readonly name: string; readonly inputSchema: JsonSchema };
  /** The request timeout, to say how long the server had. */
  readonly timeoutMs: number;
  /** Values to scrub from the kept cause and from any server text quoted. */
  readonly secrets: readonly string[];
  /** The caller's signal: an abort is the caller's doing, not the server's failure. */
  readonly signal?: AbortSignal;
}

/** One of the three outcomes, and whether the session is no longer usable. */
export interface McpFailure {
  readonly error: UnwrappedError;
  /** True when the next request needs a fresh session (the process died, the connection broke). */
  readonly sessionLost: boolean;
}

// The client validates structured content against the tool's output schema itself and reports
// a mismatch with InvalidParams; that is the server breaking its own promise, not bad input.
const CLIENT_OUTPUT_CHECK = /structured content/i;

/**
 * Maps anything the SDK threw into one of Nucleo's outcomes: the server refusing the arguments
 * (JSON-RPC InvalidParams) or not knowing the tool (MethodNotFound) is correctable; a timeout,
 * a closed connection, an HTTP failure or any other JSON-RPC error is the service's failure.
 * Messages are composed here and never copy a library's text, except a server's own refusal
 * of the arguments (cut short), which the model needs to correct them.
 */
export function classifyMcpFailure(error: unknown, site: McpFailureSite): McpFailure {
  if (RetrySignal.isInstance(error) || LLMReadableError.isInstance(error))
    return { error, sessionLost: false };
  if (site.signal?.aborted) return { error: abortOutcome(site.signal.reason), sessionLost: false };
  const cause = redactSecrets(error, site.secrets);
  const external = (detail: string, sessionLost: boolean): McpFailure => ({
    error: new ExternalServiceError({ service: site.service, step: site.step, detail, cause }),
    sessionLost,
  });
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout)
      return external(`no answer within ${site.timeoutMs} ms`, false);
    if (error.code === ErrorCode.ConnectionClosed) return external("the connection closed", true);
    if (
      site.tool !== undefined &&
      error.code === ErrorCode.InvalidParams &&
      !CLIENT_OUTPUT_CHECK.test(error.message)
    ) {
      return {
        error: refusedArguments({
          toolName: site.tool.name,
          text: error.message,
          inputSchema: site.tool.inputSchema,
          secrets: site.secrets,
          cause,
        }),
        sessionLost: false,
      };
    }
    if (site.tool !== undefined && error.code === ErrorCode.MethodNotFound) {
      const expected = "a tool the server offers now (it no longer runs this one)";
      return {
        error: new InvalidInputError({ parameter: "tool", value: site.tool.name, expected, cause }),
        sessionLost: false,
      };
    }
    return external(`JSON-RPC error ${error.code}`, false);
  }
  if (error instanceof EndlessToolListError) return external("the tool list did not end", false);
  if (error instanceof StreamableHTTPError)
    return external(error.code === undefined ? "HTTP failure" : `HTTP ${error.code}`, true);
  if (error instanceof UnauthorizedError) return external("unauthorized", true);
  return external(systemCodeOf(error) ?? "transport failure", true);
}

/** The outcome of a caller's abort: its reason when that is already ours, else a `cancelled` {@link SystemError}. */
export function abortOutcome(reason: unknown): UnwrappedError {
  if (RetrySignal.isInstance(reason) || LLMReadableError.isInstance(reason)) return reason;
  return new SystemError({
    code: "cancelled",
    message: "The MCP request was cancelled.",
    cause: reason,
  });
}

/** A Node system error code (`ECONNREFUSED`, `EPIPE`, `ENOENT`) on the error or its causes: secret-free and telling. */
function systemCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z0-9_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
