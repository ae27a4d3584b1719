import { AbstractTool, JobDispatcher, type InvalidInputError } from "@nucleo/core";
import { invalidInputFrom } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ClassToolProvider } from "./class-tool-provider.js";

const ScoreInput = z.strictObject({
  patent_number: z
    .string()
    .refine((value) => value.startsWith("EP"), { error: (issue) => `bad ${String(issue.input)}` }),
  URL: z.string().optional(),
  claimScores: z.record(z.string(), z.number()),
  claimSets: z.array(z.object({ claimText: z.string() })).optional(),
});
type ScoreInput = z.infer<typeof ScoreInput>;
const ScoreOutput = z.object({
  patent_number: z.string(),
  claimScores: z.record(z.string(), z.number()),
  topClaim: z.string(),
});

class ScoreClaims extends AbstractTool<ScoreInput, z.infer<typeof ScoreOutput>> {
  readonly name = "score_claims";
  override readonly description = "Score a publication's claims.";
  readonly input = ScoreInput;
  readonly output = ScoreOutput;
  execute(input: ScoreInput) {
    return {
      patent_number: input.patent_number,
      claimScores: input.claimScores,
      topClaim: Object.keys(input.claimScores)[0] ?? "",
    };
  }
}

const provider = new ClassToolProvider(() => new ScoreClaims());

const refusal = (wireArguments: Record<string, unknown>): InvalidInputError =>
  invalidInputFrom(() => provider.invoke(wireArguments, {}));

describe("ClassToolProvider wire keys", () => {
  it("the model sends the names its JSON Schema shows, and the tool receives its declared keys", async () => {
    const schema = provider.inputSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual([
      "patent_number",
      "url",
      "claim_scores",
      "claim_sets",
    ]);
    const { job, input } = provider.invoke(
      { patent_number: "EP1", url: "https://x", claim_scores: { us_123: 1, claimA: 2 } },
      {},
    );
    expect(input).toEqual({
      patent_number: "EP1",
      URL: "https://x",
      claimScores: { us_123: 1, claimA: 2 },
    });
    const output = await new JobDispatcher().submit(job, input);
    expect(JSON.parse(provider.formatResult(output))).toEqual({
      patent_number: "EP1",
      claim_scores: { us_123: 1, claimA: 2 },
      top_claim: "us_123",
    });
  });

  it("a bad value under a record key is refused naming the record field, never the model's key", () => {
    const error = refusal({ patent_number: "EP1", claim_scores: { canary_key_7f3: "high" } });
    expect(error.parameter).toBe("claim_scores");
    expect(error.message).toContain("number");
    expect(error.message).not.toContain("canary");
  });

  it("a custom check's message, computed from the value, is never quoted", () => {
    const error = refusal({ patent_number: "CANARY_VALUE_91", claim_scores: {} });
    expect(error.parameter).toBe("patent_number");
    expect(error.expected).toBe("a string that passes the schema's check");
    expect(error.message).not.toContain("CANARY");
  });

  it("a nested field is named as the model spells it, array indices kept", () => {
    const error = refusal({
      patent_number: "EP1",
      claim_scores: {},
      claim_sets: [{ claim_text: "a" }, { claim_text: 7 }],
    });
    expect(error.parameter).toBe("claim_sets[1].claim_text");
    expect(error.expected).toBe("a string");
  });

  it("a missing declared key is named as the model was shown it", () => {
    const error = refusal({ patent_number: "EP1" });
    expect(error.parameter).toBe("claim_scores");
    expect(error.expected).toBe("an object (required)");
  });

  it("an undeclared key sent to a strict tool is refused without naming it", () => {
    const error = refusal({ patent_number: "EP1", claim_scores: {}, canary_extra: 1 });
    expect(error.parameter).toBe("(input)");
    expect(error.message).not.toContain("canary");
  });
});
