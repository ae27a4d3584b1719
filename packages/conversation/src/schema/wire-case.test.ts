import { describe, expect, it } from "vitest";
import { WireCase } from "./wire-case.js";

describe("WireCase", () => {
  it("converts between the model's snake_case and TypeScript's camelCase, both ways", () => {
    expect(WireCase.toWire("publicationNumber")).toBe("publication_number");
    expect(WireCase.fromWire("publication_number")).toBe("publicationNumber");
    expect(WireCase.fromWire(WireCase.toWire("artifactRefs"))).toBe("artifactRefs");
  });
});
