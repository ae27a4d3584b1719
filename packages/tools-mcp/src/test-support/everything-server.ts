import { createRequire } from "node:module";
import type { McpServerOptions } from "../connection/mcp-server-options.js";

/** The reference server's entry file; its first argument picks the transport (`stdio` is the default). */
export const everythingServerEntry = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);

/** Options for the everything server over stdio, run by this very Node (the one on PATH may be older). */
export function everythingOverStdio(overrides: Partial<McpServerOptions> = {}): McpServerOptions {
  return {
    alias: "everything",
    transport: {
      kind: "stdio",
      command: process.execPath,
      args: [everythingServerEntry, "stdio"],
      stderr: "ignore",
    },
    ...overrides,
  };
}

/** Whether a process with this id is still running (signal 0 only checks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
