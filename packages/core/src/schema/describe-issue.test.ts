import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeIssue } from "./describe-issue.js";

function issueOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return describeIssue(result.error.issues[0]!);
}

describe("describeIssue", () => {
  it("names the path and the expected type, never the value", () => {
    expect(
      issueOf(z.object({ items: z.array(z.object({ name: z.string() })) }), {
        items: [{ name: 7 }],
      }),
    ).toEqual({ path: "items[0].name", expected: "string, received number" });
  });

  it("states formats as what is expected", () => {
    expect(issueOf(z.string().regex(/^EP\d+$/), "US1").expected).toBe(
      "a string matching /^EP\\d+$/",
    );
    expect(issueOf(z.email(), "nope").expected).toBe("a valid email");
  });

  it("from a model, a refinement's message is never repeated: it may quote the value", () => {
    const schema = z.object({
      code: z.string().refine((value) => value.startsWith("EP"), {
        error: (issue) => `bad code ${String(issue.input)}`,
      }),
    });
    const issue = schema.safeParse({ code: "CANARY-5" }).error!.issues[0]!;
    expect(describeIssue(issue).expected).toContain("CANARY-5"); // an operator's own file: shown as written
    expect(describeIssue(issue, { fromModel: true })).toEqual({
      path: "code",
      expected: "a value that passes the schema's check",
    });
  });

  it("names the root as (input)", () => {
    expect(issueOf(z.string(), 1).path).toBe("(input)");
  });
});
