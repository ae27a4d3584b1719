import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { ArtifactRegistry } from "./artifact-registry.js";
import { defineArtifactType } from "./artifact-type.js";
import { writeSummarizedWithRefs } from "./write-summarized-with-refs.js";

const ClaimSet = defineArtifactType("claim_set", z.object({ claims: z.array(z.string()) }));
const Note = defineArtifactType("note", z.string());

describe("ArtifactRegistry", () => {
  it("registers typed values and resolves them by ref", () => {
    const registry = new ArtifactRegistry();
    const ref = registry.put(ClaimSet, { claims: ["1. A widget"] }, "1 claim");
    expect(ref).toBe("claim_set#1");
    expect(registry.resolve(ref, ClaimSet).claims).toEqual(["1. A widget"]);
  });

  it("refuses a value that breaks its type's schema, naming the field", () => {
    const registry = new ArtifactRegistry();
    expect(() => registry.put(ClaimSet, { claims: [1] } as never, "bad")).toThrow(
      /"claim_set\.claims\[0\]"/,
    );
  });

  it("refuses an unknown or mistyped ref from a model as a correctable error naming it", () => {
    const registry = new ArtifactRegistry();
    const note = registry.put(Note, "hello", "a note");
    const unknown = () => registry.resolve("claim_set#99");
    expect(unknown).toThrow(InvalidInputError);
    expect(unknown).toThrow(/note#1/);
    expect(unknown).not.toThrow(/claim_set#99/); // a model-sent ref is never repeated
    expect(() => registry.resolve(note, ClaimSet)).toThrow(/a ref to a claim_set artifact/);
  });

  it("filter conveys exactly the listed refs", () => {
    const registry = new ArtifactRegistry();
    const kept = registry.put(Note, "kept", "kept");
    const dropped = registry.put(Note, "dropped", "dropped");
    const delegate = registry.filter([kept]);
    expect(delegate.has(kept)).toBe(true);
    expect(delegate.has(dropped)).toBe(false);
    expect(() => registry.filter([kept, "note#404"])).toThrow(
      /"artifact_refs\[1\]": expected refs of registered artifacts/,
    );
    expect(() => registry.filter(["note#404"])).not.toThrow(/note#404/);
  });

  it("refs minted by a delegate never collide with its parent's", () => {
    const parent = new ArtifactRegistry();
    const first = parent.put(Note, "a", "a");
    const delegate = parent.filter([first]);
    const fromDelegate = delegate.put(Note, "b", "b");
    const fromParent = parent.put(Note, "c", "c");
    expect(new Set([first, fromDelegate, fromParent]).size).toBe(3);
  });

  it("adopt takes in a delegate's artifacts under their own refs, keeping what is already held", () => {
    const parent = new ArtifactRegistry();
    const delegate = parent.filter([]);
    const made = delegate.put(Note, "from the delegate", "delegate note");
    parent.adopt(delegate.list());
    expect(parent.resolve(made, Note)).toBe("from the delegate");
    const again = parent.filter([made]);
    again.adopt([{ ...delegate.get(made)!, value: "replaced" }]);
    expect(again.resolve(made, Note)).toBe("from the delegate");
  });

  it("artifact type names are snake_case", () => {
    expect(() => defineArtifactType("Claim Set", z.string())).toThrow(/snake_case/);
  });
});

describe("writeSummarizedWithRefs", () => {
  it("writes each mentioned artifact as ref, type and summary, never its full value", () => {
    const registry = new ArtifactRegistry();
    const ref = registry.put(
      ClaimSet,
      { claims: ["1. A very long claim text"] },
      "1 independent claim",
    );
    const text = writeSummarizedWithRefs(
      { summary: "found it", artifactRefs: [ref], note: "plain text stays" },
      registry,
    );
    expect(JSON.parse(text)).toEqual({
      summary: "found it",
      artifactRefs: [{ ref: "claim_set#1", type: "claim_set", summary: "1 independent claim" }],
      note: "plain text stays",
    });
    expect(text).not.toContain("very long claim text");
  });
});
