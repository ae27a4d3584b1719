import { createHash } from "node:crypto";

/** What model providers accept as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/**
 * The name a model calls a server's tool by: the prefix and the server's name, which is kept
 * as it is when it fits {@link TOOL_NAME_PATTERN}. Otherwise other characters become `_`, the
 * name is cut to fit, and `_` plus a short hash of the server's own name is appended, so the
 * result depends only on that one tool (not on the order the server lists its tools) and two
 * names that sanitise alike still differ.
 *
 * @example
 * providerToolName("everything_", "get-sum"); // "everything_get-sum"
 * providerToolName("", "files.read");         // "files_read_3f1c9a2b" (hash varies)
 */
export function providerToolName(prefix: string, serverName: string): string {
  const plain = `${prefix}${serverName}`;
  if (TOOL_NAME_PATTERN.test(plain)) return plain;
  const hash = createHash("sha256").update(serverName).digest("hex").slice(0, HASH_LENGTH);
  const sanitised = `${prefix}${serverName.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  return `${sanitised.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
