import { describe, expect, it } from "vitest";
import { reportToJson } from "./report-to-json.js";
import { reportToMarkdown } from "./report-to-markdown.js";
import { CONTROL_CHARACTER, HOSTILE_WORDS, hostileReport } from "./test-support/hostile-report.js";
import {
  judgeScore,
  lineWith,
  referenceRow,
  report,
  row,
  summarizedReport,
  withSummaries,
} from "./test-support/report-fixtures.js";

/** Characters Markdown would read as syntax, found without a backslash before them. */
const UNESCAPED = /(?<!\\)[`*_[\]<>!~&]/;

describe("reportToMarkdown and reportToJson", () => {
  it("writes a titled document with both tables, the notes and the judges' reasons", () => {
    const markdown = reportToMarkdown(
      summarizedReport([
        referenceRow(),
        row({ run: 1, judge: judgeScore(7, "Same total;\nfewer steps shown.") }),
      ]),
    );
    expect(markdown.startsWith("# Benchmark: summarize\n")).toBe(true);
    expect(markdown).toContain(
      "Grade MEDIUM, 1 run(s) per model, from 2026-11-29T12:00:00.000Z to 2026-11-29T12:01:05.000Z (1 m 05 s).",
    );
    expect(markdown).toMatch(/## Runs\n\n\| run +\| role/);
    expect(markdown).toMatch(/## Per model\n\n\| model +\| provider model/);
    expect(markdown).toContain("- Judging: 1 judge(s)");
    expect(markdown).toContain("- Run 1 (alpha #1), 7/10: Same total; fewer steps shown.");
  });

  it("lists every entry that served each run, and marks a run others also served", () => {
    const markdown = reportToMarkdown(
      summarizedReport([
        referenceRow(),
        row({ run: 1, model: "beta", servedBy: ["beta", "alpha"], judge: judgeScore(7, "Fine.") }),
      ]),
    );
    expect(lineWith(markdown, "| run")).toMatch(/\| model +\| served by +\| +# \|/);
    const candidate = lineWith(markdown, "| cand");
    expect(candidate).toMatch(/\| beta +\| beta, alpha +\|/);
    expect(candidate).toContain("Fine.; also served by alpha");
  });

  it("escapes reasons, notes and failures, so a model cannot put links, images or HTML in the file", () => {
    const attack =
      "# Top [click](https://evil.example) ![pixel](http://t.example/p.png) <img src=x onerror=alert(1)> `code` *bold* _em_ ~~gone~~ &lt; a|b";
    const markdown = reportToMarkdown(
      summarizedReport(
        [
          referenceRow({ judgeNote: null }),
          row({ run: 1, judge: judgeScore(7, `${attack}\n# a heading of its own`) }),
          row({ run: 2, repeat: 2, judge: null, status: "failed", error: attack }),
        ],
        { judgeFailure: attack, referenceFailure: attack },
      ),
    );
    const untrusted = [
      lineWith(markdown, "- Run 1 (alpha #1)").split("7/10: ")[1]!,
      lineWith(markdown, "|   1 | cand"),
      lineWith(markdown, "|   2 | cand"),
      lineWith(markdown, "- Judge failure: "),
      lineWith(markdown, "- Reference failure: "),
    ];
    for (const text of untrusted) {
      expect(text).not.toBe("");
      expect(text).not.toMatch(UNESCAPED);
      // No bare link GitHub would make clickable by itself.
      expect(text).not.toMatch(/(?<!\\):\/\//);
    }
    // The reason's second line stays in its item: no heading of its own.
    expect(markdown).not.toMatch(/^\\?# a heading/m);
    expect(untrusted[0]).toMatch(/^\\# Top \\\[click\\\]\(https\\:\/\/evil\.example\)/);
    // A pipe in a note stays inside its cell: the row has as many cell borders as the header.
    const borders = (line: string) => line.split(/(?<!\\)\|/).length;
    expect(borders(untrusted[2]!)).toBe(borders(lineWith(markdown, "| run")));
  });

  it("escapes the job's name in the title like any other text", () => {
    const markdown = reportToMarkdown(
      withSummaries(report({ job: "sum_up <b>[x](https://evil.example)</b>" })),
    );
    const title = markdown.split("\n")[0]!;
    expect(title.startsWith("# Benchmark: ")).toBe(true);
    expect(title.slice("# Benchmark: ".length)).not.toMatch(UNESCAPED);
    expect(title).not.toMatch(/(?<!\\):\/\//);
    expect(title).toBe("# Benchmark: sum\\_up \\<b\\>\\[x\\](https\\://evil.example)\\</b\\>");
  });

  it("drops control sequences, \\r and bidi overrides from what a model or an error wrote, before escaping it", () => {
    const markdown = reportToMarkdown(hostileReport());
    expect(markdown).not.toMatch(CONTROL_CHARACTER);
    expect(markdown).not.toContain("evil.example");
    // The OSC's own terminator (ESC \\) is gone with it, not left as an escaped backslash.
    expect(markdown).not.toContain("\\\\");
    expect(markdown.startsWith("# Benchmark: summarize\n")).toBe(true);
    // The full reason: the text after the \r stays on the item's line, as words.
    expect(lineWith(markdown, "- Run 1 (alpha #1), 7/10: ")).toContain(
      `${HOSTILE_WORDS} Score 10/10`,
    );
    for (const needle of ["|   2 | cand", "- Judge failure: ", "- Reference failure: "])
      expect(lineWith(markdown, needle)).toContain(HOSTILE_WORDS);
  });

  it("writes the report as pretty JSON that reads back equal", () => {
    const data = withSummaries(report());
    const json = reportToJson(data);
    expect(json).toContain('\n  "job": "summarize",');
    expect(JSON.parse(json)).toEqual(data);
  });
});
