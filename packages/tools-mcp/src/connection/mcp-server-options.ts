import { InvalidInputError, describeIssue } from "@nucleo/core";
import { z } from "zod";

const StdioTransportSchema = z.strictObject({
  kind: z.literal("stdio"),
  /** The executable that starts the server, e.g. `npx` or `process.execPath`. */
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Added to the SDK's small default environment (PATH, HOME, ...); values are treated as secrets. */
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
  /** Where the server's stderr goes: the host's stderr (default) or nowhere. */
  stderr: z.enum(["inherit", "ignore"]).default("inherit"),
});

const HttpTransportSchema = z.strictObject({
  kind: z.literal("http"),
  /** The streamable HTTP endpoint, e.g. `https://mcp.example.com/mcp`. */
  url: z.url({ protocol: /^https?$/ }),
  /** Sent with every request (an `Authorization` token, say); values never appear in errors. */
  headers: z.record(z.string(), z.string()).default({}),
});

/**
 * The deployment's description of one MCP server (strict: an unknown key is refused).
 *
 * @example
 * { alias: "github", transport: { kind: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } } }
 */
export const McpServerOptionsSchema = z.strictObject({
  /** Names the server in tool names, errors (`mcp:<alias>`) and logs. */
  alias: z.string().regex(/^[a-zA-Z0-9_-]{1,32}$/, "1 to 32 letters, digits, '_' or '-'"),
  transport: z.discriminatedUnion("kind", [StdioTransportSchema, HttpTransportSchema]),
  /**
   * Marks every tool of this server read-only. Only the deployment can vouch for that: a
   * server's own `readOnlyHint` is a claim by a third party, so it is never trusted.
   */
  readOnly: z.boolean().default(false),
  /** The longest one request (a tool call, a page of the tool list) may take. */
  timeoutMs: z.number().int().positive().default(60_000),
  /** The longest starting a session (spawn or first HTTP exchange, plus the MCP handshake) may take. */
  connectTimeoutMs: z.number().int().positive().default(15_000),
  /** Put before every tool name; defaults to `<alias>_`. `""` keeps the server's names as they are. */
  toolNamePrefix: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{0,33}$/, "up to 33 letters, digits, '_' or '-'")
    .optional(),
});

/** What {@link connectMcpServer} accepts (defaults not yet applied). */
export type McpServerOptions = z.input<typeof McpServerOptionsSchema>;
/** The options with their defaults applied. */
export type ResolvedMcpServerOptions = z.output<typeof McpServerOptionsSchema>;
/** How to reach the server: a child process over stdio, or a streamable HTTP endpoint. */
export type McpTransportOptions = ResolvedMcpServerOptions["transport"];

/**
 * Checks the options and applies the defaults; a wrong option is refused naming its path and
 * never quoting its value (header values and environment values are secrets).
 */
export function resolveMcpServerOptions(options: McpServerOptions): ResolvedMcpServerOptions {
  const parsed = McpServerOptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = describeIssue(parsed.error.issues[0]!);
  throw new InvalidInputError({
    parameter: issue.path,
    expected: issue.expected,
    cause: parsed.error,
  });
}
