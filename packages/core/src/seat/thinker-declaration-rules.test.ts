import { describe, expect, it } from "vitest";
import { declarationSchema, ThinkerDeclaration } from "./thinker-declaration.js";

// Edges of every field: the plain checks that answer a sound declaration must accept exactly
// what the schema accepts, or the two copies of the rules have drifted apart.
const cases: unknown[] = [
  { grade: "SMALL", output: "COMPACT" },
  { grade: "CEILING", output: "MAX" },
  { grade: "MEGA", output: { tokens: 1 } },
  { grade: "SMALL", output: { tokens: 0 } },
  { grade: "SMALL", output: { tokens: 1.5 } },
  { grade: "SMALL", output: { tokens: -3 } },
  { grade: "SMALL", output: "HUGE" },
  { grade: "HUGE", output: "COMPACT" },
  { grade: "SMALL" },
  { output: "COMPACT" },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: 1 },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: 0 },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: -1 },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: 1.5 },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: 2 ** 60 },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: Number.NaN },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: "64000" },
  { grade: "SMALL", output: "COMPACT", comfortContextTokens: undefined },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: 1 },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: 0.0001 },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: 0 },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: 1.0000001 },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: Number.NaN },
  { grade: "SMALL", output: "COMPACT", compactionTrigger: Number.POSITIVE_INFINITY },
  { grade: "SMALL", output: "COMPACT", window: 5 },
  null,
  "SMALL",
  [],
];

describe("ThinkerDeclaration.of", () => {
  it.each(
    cases.map((declaration) => [JSON.stringify(declaration) ?? String(declaration), declaration]),
  )("accepts exactly what its schema accepts: %s", (_shown, declaration) => {
    const schemaAccepts = declarationSchema.safeParse(declaration).success;
    const accepted = (() => {
      try {
        ThinkerDeclaration.of(declaration as ThinkerDeclaration);
        return true;
      } catch {
        return false;
      }
    })();
    expect(accepted).toBe(schemaAccepts);
  });
});
