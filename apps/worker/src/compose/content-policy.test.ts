import { keptText } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { contentPolicyFrom, REDACTED } from "./content-policy.js";

describe("the worker's content policy from its config", () => {
  it("each redaction pattern's matches are replaced in every field before anything is kept", () => {
    const policy = contentPolicyFrom({
      mode: "full",
      redactPatterns: ["[\\w.+-]+@[\\w-]+\\.[\\w.]+", "sk-[A-Za-z0-9]{8,}"],
    });
    expect(keptText("mail ann@example.com, key sk-abcdefgh1234", "message", policy)).toBe(
      `mail ${REDACTED}, key ${REDACTED}`,
    );
    expect(keptText("ann@example.com", "input", policy)).toBe(REDACTED);
  });

  it("without patterns there is no hook, and the cap and mode pass through", () => {
    expect(contentPolicyFrom({ mode: "metadata", maxFieldChars: 100 })).toEqual({
      mode: "metadata",
      maxFieldChars: 100,
    });
  });
});
