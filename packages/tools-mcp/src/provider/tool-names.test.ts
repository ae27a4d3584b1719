import { describe, expect, it } from "vitest";
import { TOOL_NAME_PATTERN, providerToolName } from "./tool-names.js";

describe("providerToolName", () => {
  it("keeps a server's name that providers accept, behind the prefix", () => {
    expect(providerToolName("everything_", "get-sum")).toBe("everything_get-sum");
    expect(providerToolName("", "echo")).toBe("echo");
  });

  it("replaces characters providers refuse and appends a hash of the server's name, so names that sanitise alike differ", () => {
    const dotted = providerToolName("fs_", "files.read");
    const spaced = providerToolName("fs_", "files read");
    expect(dotted).toMatch(/^fs_files_read_[0-9a-f]{8}$/);
    expect(spaced).toMatch(/^fs_files_read_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(spaced);
    expect(providerToolName("fs_", "files_read")).toBe("fs_files_read");
  });

  it("cuts a long name to 64 characters and keeps it unique with the hash", () => {
    const long = "x".repeat(80);
    const name = providerToolName("server_", long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(name).not.toBe(providerToolName("server_", `${long}y`));
  });
});
