import { walkTrajectory } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { formatReport } from "./format-report.js";
import { runDigest } from "./run-digest.js";
import { OFFLINE_MODEL, estimateTokens } from "./workflow/offline-model.js";

const TEXT = "First point here. More words.\n\nSecond point there! Trailing.\n\nThird.";

describe("the worker's digest workflow", () => {
  it("runs split (1), parallel summaries (2, shared) and join (3) as one trajectory tree", async () => {
    const run = await runDigest(TEXT);
    const outline: string[] = [];
    walkTrajectory(run.trajectory, (node, depth) => outline.push(`${depth}:${node.job.ordinal ?? "-"}:${node.job.jobName}:${node.job.status}`));
    expect(outline).toEqual([
      "0:-:digest_document:finished",
      "1:1:split_paragraphs:finished",
      "1:2:summarize_paragraph:finished",
      "1:2:summarize_paragraph:finished",
      "1:2:summarize_paragraph:finished",
      "1:3:join_summaries:finished",
    ]);
    expect(run.digest).toBe("1. First point here.\n2. Second point there!\n3. Third.");
  });

  it("the workflow's cost is the exact sum of its model calls, priced per million tokens", async () => {
    const run = await runDigest(TEXT);
    const paragraphs = ["First point here. More words.", "Second point there! Trailing.", "Third."];
    const answers = ["First point here.", "Second point there!", "Third."];
    const input = paragraphs.reduce((sum, paragraph) => sum + estimateTokens(paragraph), 0);
    const output = answers.reduce((sum, answer) => sum + estimateTokens(answer), 0);
    const expected = OFFLINE_MODEL.inputPerMillion.times(input).plus(OFFLINE_MODEL.outputPerMillion.times(output)).shiftLeft(6);
    const totals = run.totalsFor(run.workflowId);
    expect(totals).toMatchObject({ calls: 3, inputTokens: input, outputTokens: output });
    expect(totals.cost.get("USD")?.toString()).toBe(expected.toString());
  });

  it("prints the digest, the trajectory with ordinals and the ledger with the workflow total", async () => {
    const report = formatReport(await runDigest(TEXT));
    expect(report).toMatch(/Trajectory[^\n]*\n  - digest_document  finished/);
    expect(report).toMatch(/\n    2 summarize_paragraph  finished/);
    expect(report).toMatch(/Total for the workflow: USD 0\.\d+/);
  });

  it("refuses an empty document with an error naming the field", async () => {
    await expect(runDigest("")).rejects.toThrow(/"text"/);
  });
});
