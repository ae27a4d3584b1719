import { describe, expect, it } from "vitest";
import type { BenchmarkReport } from "./benchmark-report.js";
import { formatDuration } from "./format-figures.js";
import { formatReportTable } from "./format-report-table.js";
import { reportToJson } from "./report-to-json.js";
import { reportToMarkdown } from "./report-to-markdown.js";
import { summarizeModels } from "./summarize-models.js";
import { judgeScore, report, row } from "./test-support/report-fixtures.js";

function withSummaries(base: BenchmarkReport): BenchmarkReport {
  const candidates = [...new Map(base.rows.filter((item) => item.role === "candidate").map((item) => [item.model, { id: item.model, providerModel: item.providerModel }])).values()];
  return { ...base, models: summarizeModels(base.rows, candidates) };
}

const lineWith = (text: string, needle: string) => text.split("\n").find((line) => line.includes(needle)) ?? "";

describe("formatReportTable", () => {
  it("has a line per run with its model, status, figures, cost, judge score and note", () => {
    const text = formatReportTable(
      withSummaries(
        report({
          rows: [
            row({ run: 0, role: "reference", model: "alpha", judge: null, judgeNote: null }),
            row({ run: 1, model: "alpha", tokens: { input: 12_345, cachedInput: 0, output: 678, reasoning: 0 }, latencyMs: 1_234, wallMs: 850 }),
            row({ run: 2, model: "beta", status: "failed", error: "timeout: the run took longer than 600000 ms", judge: null, judgeNote: "the run failed" }),
          ],
        }),
      ),
    );
    expect(text.split("\n")[0]).toBe("Benchmark of summarize at MEDIUM: 2 model(s), 1 run(s) each, and the reference");
    expect(text).toMatch(/\| +0 \| ref +\| alpha/);
    const first = lineWith(text, "| cand | alpha");
    for (const cell of ["ok", "12,345 / 678", "1.2 s", "850 ms", "0.0024 USD", "7/10"]) expect(first).toContain(cell);
    const failed = lineWith(text, "| cand | beta");
    expect(failed).toContain("failed");
    expect(failed).toContain("timeout: the run took longer than 600000 ms");
  });

  it("keeps columns aligned, so the table reads in a terminal", () => {
    const text = formatReportTable(withSummaries(report({ rows: [row({ run: 0, role: "reference", judge: null }), row({ run: 1 }), row({ run: 12, model: "a-much-longer-entry-id" })] })));
    const tableLines = text.split("\n").filter((line) => line.startsWith("| run") || /^\| +\d+ \|/.test(line) || /^\| -+:? \|/.test(line));
    expect(tableLines.length).toBe(5);
    expect(new Set(tableLines.map((line) => line.length)).size).toBe(1);
  });

  it("never shows a nonzero cost as zero", () => {
    const text = formatReportTable(withSummaries(report({ rows: [row({ run: 0, role: "reference", judge: null }), row({ run: 1, cost: { USD: "0.0000042" } })] })));
    expect(lineWith(text, "| cand")).toContain("0.0000042 USD");
  });

  it("shows durations for people", () => {
    expect([formatDuration(849.6), formatDuration(1_234), formatDuration(59_940), formatDuration(125_000)]).toEqual(["850 ms", "1.2 s", "59.9 s", "2 m 05 s"]);
  });

  it("gives each model's mean ± std dev when it ran more than once, and the mean alone with times 1", () => {
    const rows = [row({ run: 0, role: "reference", judge: null }), row({ run: 1, judge: judgeScore(6), cost: { USD: "0.001" } }), row({ run: 2, repeat: 2, judge: judgeScore(8), cost: { USD: "0.003" } })];
    const twice = formatReportTable(withSummaries(report({ times: 2, rows })));
    const summary = lineWith(twice.split("Per model:")[1]!, "| alpha");
    expect(summary).toContain("7 ± 1.4");
    expect(summary).toContain("0.0020 ± 0.0014 USD");
    const once = formatReportTable(withSummaries(report({ times: 1, rows: rows.slice(0, 2) })));
    expect(lineWith(once.split("Per model:")[1]!, "| alpha")).not.toContain("±");
  });

  it("names a judge failure only when the report has one, and the reference's failure when set", () => {
    const plain = formatReportTable(withSummaries(report()));
    expect(plain).toContain("Judging: 1 judge(s), 0 failed, 1 call(s), 0.0105 USD");
    expect(plain).not.toContain("Judge failure");
    expect(plain).not.toContain("Reference failure");
    const failed = formatReportTable(withSummaries(report({ judgeFailure: "external_service: the judge's provider answered HTTP 500", referenceFailure: "timeout: the reference took too long" })));
    expect(failed).toContain("Judge failure: external_service: the judge's provider answered HTTP 500");
    expect(failed).toContain("Reference failure: timeout: the reference took too long");
  });

  it("prints no stack trace, and a pipe in a note does not break the table", () => {
    const error = "internal: boom | bang\n    at run (/srv/app/job.ts:12:3)\n    at process (node:internal)";
    const text = formatReportTable(withSummaries(report({ rows: [row({ run: 0, role: "reference", judge: null }), row({ run: 1, status: "failed", error, judge: null })], referenceFailure: error })));
    expect(text).not.toContain("at run");
    expect(text).toContain("internal: boom \\| bang");
  });

  it("adds a scorer column only when some run has a scorer figure", () => {
    expect(formatReportTable(withSummaries(report()))).not.toContain("scorer");
    const scored = formatReportTable(withSummaries(report({ rows: [row({ run: 0, role: "reference", judge: null }), row({ run: 1, scorer: 8.5 })] })));
    expect(lineWith(scored, "| run")).toContain("scorer");
    expect(lineWith(scored, "| cand")).toContain("8.5");
  });
});

describe("reportToMarkdown and reportToJson", () => {
  it("writes a titled document with both tables, the notes and the judges' reasons", () => {
    const markdown = reportToMarkdown(withSummaries(report({ rows: [row({ run: 0, role: "reference", judge: null }), row({ run: 1, judge: judgeScore(7, "Same total;\nfewer steps shown.") })] })));
    expect(markdown.startsWith("# Benchmark: summarize\n")).toBe(true);
    expect(markdown).toContain("Grade MEDIUM, 1 run(s) per model, from 2026-11-29T12:00:00.000Z to 2026-11-29T12:01:05.000Z (1 m 05 s).");
    expect(markdown).toMatch(/## Runs\n\n\| run +\| role/);
    expect(markdown).toMatch(/## Per model\n\n\| model +\| provider model/);
    expect(markdown).toContain("- Judging: 1 judge(s)");
    expect(markdown).toContain("- Run 1 (alpha #1), 7/10: Same total; fewer steps shown.");
  });

  it("writes the report as pretty JSON that reads back equal", () => {
    const data = withSummaries(report());
    const json = reportToJson(data);
    expect(json).toContain('\n  "job": "summarize",');
    expect(JSON.parse(json)).toEqual(data);
  });
});
