import type { InvalidInputError } from "@nucleo/core";
import { invalidInputFrom } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { DELEGATION, type DelegationSeed } from "../thinker/delegation-seed.js";
import { SubThinkerProvider } from "./sub-thinker-provider.js";

// No delegation is launched: every case below is decided before the seed is asked for.
const provider = new SubThinkerProvider({
  [DELEGATION]: () => ({ artifacts: { get: () => undefined } }) as unknown as DelegationSeed,
});

const refusal = (wireArguments: Record<string, unknown>): InvalidInputError =>
  invalidInputFrom(() => provider.invoke(wireArguments, {}));

describe("SubThinkerProvider wire keys", () => {
  it("a bad argument is refused naming it as the model was shown it, never quoting the value", () => {
    const error = refusal({ objective: "Check claim 1.", artifact_refs: "CANARY_REF_55" });
    expect(error.parameter).toBe("artifact_refs");
    expect(error.message).not.toContain("CANARY");
  });

  it("a missing argument is named in the wire's spelling", () => {
    expect(refusal({ objective: "Check claim 1." }).parameter).toBe("artifact_refs");
  });

  it("the delegate's answer is written in the wire's spelling", () => {
    const written = JSON.parse(
      provider.formatResult({
        summary: "Done.",
        reasoning: { approach: "a", steps: [] },
        artifactRefs: [],
      }),
    ) as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(["summary", "reasoning", "artifact_refs"]);
  });
});
