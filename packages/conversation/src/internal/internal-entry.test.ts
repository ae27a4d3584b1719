import { describe, expect, it } from "vitest";
import * as main from "../index.js";
import * as internal from "./index.js";

// What sibling packages share through `@nucleo/conversation/internal`: none of it is promised
// to users, so none of it may leak into the main entry.
const INTERNAL_ONLY = [
  "modelJsonSchema",
  "wireJsonSchema",
  "wireKeysFromWire",
  "wireKeysToWire",
  "describeWireIssue",
  "declaredType",
  "WireCase",
  "zodDef",
  "unwrapZod",
  "isZodWrapper",
  "isJsonObject",
  "parseJsonObject",
];

describe("@nucleo/conversation's entries", () => {
  it("walkers over zod internals are exported only by the internal entry, never by the main one", () => {
    expect(Object.keys(internal).sort()).toEqual([...INTERNAL_ONLY].sort());
    expect(Object.keys(main).filter((name) => INTERNAL_ONLY.includes(name))).toEqual([]);
  });
});
