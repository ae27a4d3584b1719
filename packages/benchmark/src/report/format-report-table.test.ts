import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-figures.js";
import { formatReportTable } from "./format-report-table.js";
import { CONTROL_CHARACTER, HOSTILE_WORDS, hostileReport } from "./test-support/hostile-report.js";
import {
  judgeScore,
  lineWith,
  referenceRow,
  row,
  summarizedReport,
} from "./test-support/report-fixtures.js";

/** The table of a summarised report of these rows, with the report fields `overrides` name. */
const tableOf = (...rows: Parameters<typeof summarizedReport>) =>
  formatReportTable(summarizedReport(...rows));

/** The "Per model:" line of `alpha` in the table of these rows, each model run twice. */
const alphaSummaryOf = (rows: Parameters<typeof row>[0][]) =>
  lineWith(
    tableOf([referenceRow(), ...rows.map(row)], { times: 2 }).split("Per model:")[1]!,
    "| alpha",
  );

describe("formatReportTable", () => {
  it("has a line per run with its model, status, figures, cost, judge score and note", () => {
    const text = tableOf([
      referenceRow({ model: "alpha", judgeNote: null }),
      row({
        run: 1,
        model: "alpha",
        tokens: { input: 12_345, cachedInput: 0, output: 678, reasoning: 0, cacheWrite: 0 },
        latencyMs: 1_234,
        wallMs: 850,
      }),
      row({
        run: 2,
        model: "beta",
        status: "failed",
        error: "timeout: the run took longer than 600000 ms",
        judge: null,
        judgeNote: "the run failed",
      }),
    ]);
    expect(text.split("\n")[0]).toBe(
      "Benchmark of summarize at MEDIUM: 2 model(s), 1 run(s) each, and the reference",
    );
    expect(text).toMatch(/\| +0 \| ref +\| alpha/);
    const first = lineWith(text, "| cand | alpha");
    for (const cell of ["ok", "12,345 / 678", "1.2 s", "850 ms", "0.0024 USD", "7/10"])
      expect(first).toContain(cell);
    const failed = lineWith(text, "| cand | beta");
    expect(failed).toContain("failed");
    expect(failed).toContain("timeout: the run took longer than 600000 ms");
  });

  it("keeps columns aligned, so the table reads in a terminal", () => {
    const text = tableOf([
      referenceRow(),
      row({ run: 1 }),
      row({ run: 12, model: "a-much-longer-entry-id" }),
    ]);
    const tableLines = text
      .split("\n")
      .filter(
        (line) => line.startsWith("| run") || /^\| +\d+ \|/.test(line) || /^\| -+:? \|/.test(line),
      );
    expect(tableLines.length).toBe(5);
    expect(new Set(tableLines.map((line) => line.length)).size).toBe(1);
  });

  it("never shows a nonzero cost as zero", () => {
    const text = tableOf([referenceRow(), row({ run: 1, cost: { USD: "0.0000042" } })]);
    expect(lineWith(text, "| cand")).toContain("0.0000042 USD");
  });

  it("shows durations for people", () => {
    expect([
      formatDuration(849.6),
      formatDuration(1_234),
      formatDuration(59_940),
      formatDuration(125_000),
    ]).toEqual(["850 ms", "1.2 s", "59.9 s", "2 m 05 s"]);
  });

  it("gives each model's mean ± std dev when it ran more than once, and the mean alone with times 1", () => {
    const rows = [
      { run: 1, judge: judgeScore(6), cost: { USD: "0.001" } },
      { run: 2, repeat: 2, judge: judgeScore(8), cost: { USD: "0.003" } },
    ];
    const summary = alphaSummaryOf(rows);
    expect(summary).toContain("7 ± 1.4");
    expect(summary).toContain("0.0020 ± 0.0014 USD");
    const once = tableOf([referenceRow(), row(rows[0])], { times: 1 });
    expect(lineWith(once.split("Per model:")[1]!, "| alpha")).not.toContain("±");
  });

  it("names a judge failure only when every judge failed (no count of failed judges), and the reference's failure when set", () => {
    const plain = tableOf([referenceRow(), row({ run: 1 })]);
    expect(lineWith(plain, "Judging:")).toBe("Judging: 1 judge(s), 1 call(s), 0.0105 USD");
    expect(plain).not.toContain("Judge failure");
    expect(plain).not.toContain("Reference failure");
    const failed = tableOf([referenceRow(), row({ run: 1 })], {
      judgeFailure: "external_service: the judge's provider answered HTTP 500",
      referenceFailure: "timeout: the reference took too long",
    });
    expect(failed).toContain(
      "Judge failure: external_service: the judge's provider answered HTTP 500",
    );
    expect(failed).toContain("Reference failure: timeout: the reference took too long");
  });

  it("prints no stack trace, and a pipe in a note does not break the table", () => {
    const error =
      "internal: boom | bang\n    at run (/srv/app/job.ts:12:3)\n    at process (node:internal)";
    const text = tableOf([referenceRow(), row({ run: 1, status: "failed", error, judge: null })], {
      referenceFailure: error,
    });
    expect(text).not.toContain("at run");
    expect(text).toContain("internal: boom \\| bang");
  });

  it("adds a scorer column only when some run has a scorer figure", () => {
    expect(tableOf([referenceRow(), row({ run: 1 })])).not.toContain("scorer");
    const scored = tableOf([referenceRow(), row({ run: 1, scorer: 8.5 })]);
    expect(lineWith(scored, "| run")).toContain("scorer");
    expect(lineWith(scored, "| cand")).toContain("8.5");
  });

  it("shows each judged run's reason in its note: the first line, cut at about 100 characters", () => {
    const long = `${"Same total as the reference; ".repeat(5)}end.`;
    const text = tableOf([
      referenceRow({ judgeNote: "the reference: the ground truth, not judged" }),
      row({ run: 1, judge: judgeScore(9, "Added with the tool.\nThe reference did the same.") }),
      row({ run: 2, repeat: 2, judge: judgeScore(8, long) }),
    ]);
    const first = lineWith(text, "|   1 | cand");
    expect(first).toContain("| Added with the tool. ");
    expect(first).not.toContain("The reference did the same");
    const cut = lineWith(text, "|   2 | cand");
    expect(cut).toContain(`${long.slice(0, 99)}…`);
    expect(cut).not.toContain("end.");
    // Without a verdict the note says why, as before.
    expect(lineWith(text, "| ref")).toContain("the reference: the ground truth, not judged");
  });

  it("shows why a run has no verdict, or why it has no scorer figure, when it has no reason", () => {
    const text = tableOf([
      referenceRow(),
      row({
        run: 1,
        judge: null,
        judgeNote: "the judge failed: timeout: no verdict within 300000 ms",
      }),
      row({
        run: 2,
        repeat: 2,
        judge: null,
        scorer: null,
        scorerNote: 'scorer "same" failed: boom',
      }),
    ]);
    expect(lineWith(text, "|   1 | cand")).toContain(
      "the judge failed: timeout: no verdict within 300000 ms",
    );
    expect(lineWith(text, "|   2 | cand")).toContain('scorer "same" failed: boom');
  });

  it("marks a run that other entries also served, so its cost is not read as all its pin's", () => {
    const text = tableOf([
      referenceRow({ model: "alpha+beta", servedBy: ["alpha", "beta"], judgeNote: null }),
      row({ run: 1, model: "beta", servedBy: ["beta", "alpha"], judge: judgeScore(7, "Fine.") }),
      row({
        run: 2,
        model: "gamma",
        servedBy: ["gamma"],
        judge: null,
        status: "failed",
        error: "internal: down",
      }),
      row({
        run: 3,
        model: "gamma",
        repeat: 2,
        servedBy: ["alpha", "delta"],
        judge: null,
        judgeNote: null,
      }),
    ]);
    expect(lineWith(text, "|   1 | cand")).toContain("| Fine.; also served by alpha ");
    expect(lineWith(text, "|   3 | cand")).toMatch(/\| also served by alpha, delta +\|$/);
    // Served by its own pin only, or (the reference) by the entries its model names: no mark.
    expect(lineWith(text, "|   2 | cand")).not.toContain("also served");
    expect(lineWith(text, "| ref")).not.toContain("also served");
  });

  it("gives calls and wall time a ± std dev too when each model ran more than once", () => {
    const summary = alphaSummaryOf([
      { run: 1, calls: 1, wallMs: 100 },
      { run: 2, repeat: 2, calls: 3, wallMs: 300 },
    ]);
    expect(summary).toContain("| 2 ± 1.4 |");
    expect(summary).toContain("| 200 ms ± 141 ms |");
  });

  it("never shows a nonzero mean cost as zero, however small", () => {
    const summary = alphaSummaryOf([
      { run: 1, cost: { USD: "0.0000000000001" } },
      { run: 2, repeat: 2, cost: { USD: "0" } },
    ]);
    expect(summary).toMatch(/\| 0\.000000000000050 ± \S+ USD \|/);
  });

  it("logs what a model or an error wrote as plain text: no escape sequence, hyperlink, \\r overwrite or bidi override reaches the terminal", () => {
    const text = formatReportTable(hostileReport());
    expect(text).not.toMatch(CONTROL_CHARACTER);
    expect(text).not.toContain("evil.example");
    // What followed the \r would have overwritten the line: it is cut with the rest of the line.
    expect(text).not.toContain("Score 10/10");
    expect(text.split("\n")[0]).toMatch(/^Benchmark of summarize at /);
    for (const needle of [
      "| ref",
      "|   1 | cand",
      "|   2 | cand",
      "Judge failure: ",
      "Reference failure: ",
    ])
      expect(lineWith(text, needle)).toContain(HOSTILE_WORDS);
  });
});
