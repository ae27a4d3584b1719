import { describe, expect, it } from "vitest";
import {
  checkContentPolicy,
  FULL_CONTENT,
  METADATA_ONLY,
  TRUNCATION_MARKER,
  WITHHELD_TEXT,
  type ContentPolicy,
} from "./content-policy.js";
import { keptJson, keptText } from "./said-text.js";

const WHERE = "options.content";

describe("checkContentPolicy", () => {
  it("takes the two words and an object, full when nothing is given", () => {
    expect(checkContentPolicy(undefined, WHERE)).toBe(FULL_CONTENT);
    expect(checkContentPolicy("metadata", WHERE)).toBe(METADATA_ONLY);
    const redact = (text: string) => text;
    expect(checkContentPolicy({ mode: "full", redact, maxFieldChars: 100 }, WHERE)).toEqual({
      mode: "full",
      redact,
      maxFieldChars: 100,
    });
  });

  it.each([
    ["everything", `${WHERE}: expected "full", "metadata" or`],
    [{ mode: "all" }, `${WHERE}.mode: expected "full" or "metadata"; got "all"`],
    [{ mode: "full", redact: "mask" }, `${WHERE}.redact: expected a function`],
    [
      { mode: "full", maxFieldChars: 10 },
      `${WHERE}.maxFieldChars: expected an integer of at least 64`,
    ],
  ])("a bad policy (%j) is refused naming the field", (given, message) => {
    expect(() => checkContentPolicy(given, WHERE)).toThrow(message);
  });
});

describe("keptText: the redaction hook, then the size cap", () => {
  const cap: ContentPolicy = { mode: "full", maxFieldChars: 64 };

  it("text over the cap is cut there and ends in the marker with the original length", () => {
    const text = "x".repeat(100);
    expect(keptText(text, "message", cap)).toBe(`${"x".repeat(64)}${TRUNCATION_MARKER}100]`);
    expect(keptText("short", "message", cap)).toBe("short");
  });

  it("a cut never leaves half of a surrogate pair", () => {
    const text = `${"x".repeat(63)}😀${"y".repeat(10)}`;
    const kept = keptText(text, "message", cap);
    expect(kept.startsWith(`${"x".repeat(63)}${TRUNCATION_MARKER}`)).toBe(true);
    expect(kept.isWellFormed()).toBe(true);
  });

  it("the hook runs before the cap and is told the field", () => {
    const fields: string[] = [];
    const policy: ContentPolicy = {
      mode: "full",
      redact: (text, field) => {
        fields.push(field);
        return text.replaceAll(/\S+@\S+/g, "[email]");
      },
    };
    expect(keptText("write to ann@example.com", "tool_result", policy)).toBe("write to [email]");
    expect(fields).toEqual(["tool_result"]);
  });

  it("a hook that throws or returns a non-string gets the text withheld, never kept as it was", () => {
    const throwing: ContentPolicy = {
      mode: "full",
      redact: () => {
        throw new Error("boom");
      },
    };
    const wrong = { mode: "full", redact: () => 42 } as unknown as ContentPolicy;
    expect(keptText("secret", "message", throwing)).toBe(WITHHELD_TEXT);
    expect(keptText("secret", "message", wrong)).toBe(WITHHELD_TEXT);
  });
});

describe("keptJson: a job's input or output as JSON text", () => {
  it("redacts every string inside, keys too", () => {
    const policy: ContentPolicy = { mode: "full", redact: (text) => text.toUpperCase() };
    expect(JSON.parse(keptJson({ name: "ann", tags: ["a", { b: "c" }] }, "input", policy))).toEqual(
      { NAME: "ANN", TAGS: ["A", { B: "C" }] },
    );
  });

  it("keeps what JSON.stringify would: dates as text, undefined left out of objects and null in arrays", () => {
    const at = new Date(Date.UTC(2026, 11, 2));
    expect(
      JSON.parse(keptJson({ at, gone: undefined, list: [undefined, 1] }, "output", FULL_CONTENT)),
    ).toEqual({ at: "2026-12-02T00:00:00.000Z", list: [null, 1] });
  });

  it("over the cap it stays valid JSON: an explicit truncation object with the length and a head", () => {
    const value = { text: "z".repeat(500) };
    const kept = JSON.parse(keptJson(value, "output", { mode: "full", maxFieldChars: 200 }));
    expect(kept.nucleo_truncated.length).toBe(JSON.stringify(value).length);
    expect(kept.nucleo_truncated.head.startsWith('{"text":"zzz')).toBe(true);
  });

  it("values JSON cannot hold become plain: bigints as text, cycles marked, undefined as null", () => {
    const cyclic: Record<string, unknown> = { n: 12n };
    cyclic.self = cyclic;
    expect(JSON.parse(keptJson(cyclic, "input", FULL_CONTENT))).toEqual({
      n: "12",
      self: "[circular]",
    });
    expect(keptJson(undefined, "output", FULL_CONTENT)).toBe("null");
  });

  it("an object met twice without a cycle is kept twice, not marked", () => {
    const shared = { k: "v" };
    expect(JSON.parse(keptJson({ a: shared, b: shared }, "input", FULL_CONTENT))).toEqual({
      a: { k: "v" },
      b: { k: "v" },
    });
  });
});
