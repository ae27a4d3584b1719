import { describe, expect, it } from "vitest";
import { judgeScore, row } from "../report/test-support/report-fixtures.js";
import type { BenchmarkProgress } from "./benchmark-progress.js";
import { ProgressTally } from "./progress-tally.js";

const started: BenchmarkProgress = {
  kind: "started",
  candidates: ["alpha", "beta"],
  times: 1,
  runs: 2,
};
const reference = (status: "ok" | "failed"): BenchmarkProgress => ({
  kind: "reference",
  row: row({
    run: 0,
    role: "reference",
    status,
    error: status === "ok" ? null : "timeout: too slow",
    judge: null,
  }),
});

/** One `[done/total] line` per event, as a progress display shows them. */
function tallied(events: readonly BenchmarkProgress[]): string[] {
  const tally = new ProgressTally();
  return events.map((event) => {
    const line = tally.count(event);
    return `[${tally.done}/${tally.total}] ${line}`;
  });
}

describe("ProgressTally", () => {
  it("counts the reference, every run and every judge, one line per event", () => {
    expect(
      tallied([
        started,
        reference("ok"),
        { kind: "run", row: row({ run: 1, model: "alpha", wallMs: 1_500 }) },
        {
          kind: "run",
          row: row({
            run: 2,
            model: "beta",
            status: "failed",
            error: "external_service: HTTP 500\n    at send (client.ts:3)",
            judge: null,
          }),
        },
        { kind: "judged", row: row({ run: 1, model: "alpha", judge: judgeScore(8), scorer: 9 }) },
      ]),
    ).toEqual([
      "[0/5] racing 2 model(s) × 1: alpha, beta",
      "[1/5] reference ok (alpha, 900 ms)",
      "[2/5] run 1 alpha #1 ok (1.5 s, 0.0024 USD)",
      // A failed run will have no judge: the total drops by one.
      "[3/4] run 2 beta #1 failed: external_service: HTTP 500",
      "[4/4] judged run 1 alpha #1: 8/10, scorer 9",
    ]);
  });

  it("takes every judge out of the total when the reference fails", () => {
    const lines = tallied([
      started,
      reference("failed"),
      { kind: "run", row: row({ run: 1 }) },
      { kind: "run", row: row({ run: 2, status: "failed", error: "internal: down" }) },
    ]);
    expect(lines).toContain("[1/3] reference failed: timeout: too slow");
    // A failed run's judge was already taken out with the reference's.
    expect(lines).toContain("[3/3] run 2 alpha #1 failed: internal: down");
  });

  it("counts a judge that could not be made as done: its judged event follows the run's, and the count ends at the total", () => {
    const lines = tallied([
      started,
      reference("ok"),
      { kind: "run", row: row({ run: 1, model: "alpha", judge: null }) },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      {
        kind: "judged",
        row: row({
          run: 1,
          model: "alpha",
          judge: null,
          judgeNote: "the judge failed: internal: no judge entry",
        }),
      },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ]);
    expect(lines.slice(2)).toEqual([
      "[2/5] run 1 alpha #1 ok (900 ms, 0.0024 USD)",
      "[3/5] run 2 beta #1 ok (900 ms, 0.0024 USD)",
      "[4/5] judged run 1 alpha #1: the judge failed: internal: no judge entry",
      "[5/5] judged run 2 beta #1: 6/10",
    ]);
  });

  it("ends at the total when a run lands already saying it has no verdict and no judged event comes for it", () => {
    const lines = tallied([
      started,
      reference("ok"),
      // The run landed already saying it has no verdict: it goes to no judge, which leaves the total.
      {
        kind: "run",
        row: row({ run: 1, model: "alpha", judge: null, judgeNote: "no verdict is coming" }),
      },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ]);
    expect(lines[2]).toMatch(/^\[2\/4\] run 1 alpha #1 ok/);
    expect(lines.at(-1)).toBe("[4/4] judged run 2 beta #1: 6/10");
  });

  it("counts a judge it had taken out back in, once, should its judged event come after all", () => {
    const lines = tallied([
      started,
      reference("ok"),
      { kind: "run", row: row({ run: 1, judge: null, judgeNote: "no verdict is coming" }) },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      {
        kind: "judged",
        row: row({ run: 1, judge: null, judgeNote: "the judge failed: internal: no judge entry" }),
      },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ]);
    const counts = lines.map(
      (line) => /^\[(\d+)\/(\d+)\]/.exec(line)!.slice(1).map(Number) as [number, number],
    );
    for (const [done, total] of counts) expect(done).toBeLessThanOrEqual(total);
    expect(counts.at(-1)).toEqual([5, 5]);
  });
});
