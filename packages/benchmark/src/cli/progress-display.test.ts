import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { BenchmarkProgress } from "../benchmark/benchmark-progress.js";
import { CONTROL_CHARACTER, HOSTILE_TEXT, HOSTILE_WORDS, judgeScore, row } from "../report/test-support/report-fixtures.js";
import { createProgressDisplay, type ProgressMode } from "./progress-display.js";

class Screen extends Writable {
  text = "";
  readonly columns = 160;
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

const started: BenchmarkProgress = { kind: "started", candidates: ["alpha", "beta"], times: 1, runs: 2 };
const reference = (status: "ok" | "failed"): BenchmarkProgress => ({ kind: "reference", row: row({ run: 0, role: "reference", status, error: status === "ok" ? null : "timeout: too slow", judge: null }) });

function show(mode: ProgressMode, events: readonly BenchmarkProgress[], tty = mode === "bar"): string {
  const screen = new Screen(tty);
  const display = createProgressDisplay(screen, mode);
  for (const event of events) display.onProgress(event);
  display.stop();
  return screen.text;
}

describe("the progress display", () => {
  it("writes one plain line per event, counting the reference, every run and every judge", () => {
    const text = show("lines", [
      started,
      reference("ok"),
      { kind: "run", row: row({ run: 1, model: "alpha", wallMs: 1_500 }) },
      { kind: "run", row: row({ run: 2, model: "beta", status: "failed", error: "external_service: HTTP 500\n    at send (client.ts:3)", judge: null }) },
      { kind: "judged", row: row({ run: 1, model: "alpha", judge: judgeScore(8), scorer: 9 }) },
    ]);
    expect(text.split("\n")).toEqual([
      "[0/5] racing 2 model(s) × 1: alpha, beta",
      "[1/5] reference ok (alpha, 900 ms)",
      "[2/5] run 1 alpha #1 ok (1.5 s, 0.0024 USD)",
      // A failed run will have no judge: the total drops by one.
      "[3/4] run 2 beta #1 failed: external_service: HTTP 500",
      "[4/4] judged run 1 alpha #1: 8/10, scorer 9",
      "",
    ]);
  });

  it("takes every judge out of the total when the reference fails", () => {
    const text = show("lines", [started, reference("failed"), { kind: "run", row: row({ run: 1 }) }, { kind: "run", row: row({ run: 2, status: "failed", error: "internal: down" }) }]);
    expect(text).toContain("[1/3] reference failed: timeout: too slow");
    // A failed run's judge was already taken out with the reference's.
    expect(text).toContain("[3/3] run 2 alpha #1 failed: internal: down");
  });

  it("counts a judge that could not be made as done: its judged event follows the run's, and the count ends at the total", () => {
    const lines = show("lines", [
      started,
      reference("ok"),
      { kind: "run", row: row({ run: 1, model: "alpha", judge: null }) },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      { kind: "judged", row: row({ run: 1, model: "alpha", judge: null, judgeNote: "the judge failed: internal: no judge entry" }) },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ])
      .trimEnd()
      .split("\n");
    expect(lines.slice(2)).toEqual([
      "[2/5] run 1 alpha #1 ok (900 ms, 0.0024 USD)",
      "[3/5] run 2 beta #1 ok (900 ms, 0.0024 USD)",
      "[4/5] judged run 1 alpha #1: the judge failed: internal: no judge entry",
      "[5/5] judged run 2 beta #1: 6/10",
    ]);
  });

  it("ends at the total when a run lands already saying it has no verdict and no judged event comes for it", () => {
    const text = show("lines", [
      started,
      reference("ok"),
      // The run landed already saying it has no verdict: it goes to no judge, which leaves the total.
      { kind: "run", row: row({ run: 1, model: "alpha", judge: null, judgeNote: "no verdict is coming" }) },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ]);
    expect(text).toContain("[2/4] run 1 alpha #1 ok");
    expect(text.trimEnd().split("\n").at(-1)).toBe("[4/4] judged run 2 beta #1: 6/10");
  });

  it("counts a judge it had taken out back in, once, should its judged event come after all", () => {
    const lines = show("lines", [
      started,
      reference("ok"),
      { kind: "run", row: row({ run: 1, judge: null, judgeNote: "no verdict is coming" }) },
      { kind: "run", row: row({ run: 2, model: "beta", judge: null }) },
      { kind: "judged", row: row({ run: 1, judge: null, judgeNote: "the judge failed: internal: no judge entry" }) },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: judgeScore(6) }) },
    ])
      .trimEnd()
      .split("\n");
    const counts = lines.map((line) => /^\[(\d+)\/(\d+)\]/.exec(line)!.slice(1).map(Number) as [number, number]);
    for (const [done, total] of counts) expect(done).toBeLessThanOrEqual(total);
    expect(counts.at(-1)).toEqual([5, 5]);
  });

  it("draws one bar on a terminal, captioned with the last event", () => {
    const text = show("bar", [started, reference("ok"), { kind: "run", row: row({ run: 1, model: "alpha" }) }]);
    expect(text).toContain("benchmark ");
    expect(text).toContain("2/5 | run 1 alpha #1 ok");
  });

  it("writes what a model or an error wrote as plain text: no escape sequence, hyperlink, \\r overwrite or bidi override", () => {
    const events: BenchmarkProgress[] = [
      { kind: "started", candidates: ["alpha\x1b[2J", "beta\u202E"], times: 1, runs: 2 },
      { kind: "reference", row: row({ run: 0, role: "reference", status: "failed", error: HOSTILE_TEXT, judge: null }) },
      { kind: "run", row: row({ run: 1, status: "failed", error: HOSTILE_TEXT, judge: null }) },
      { kind: "run", row: row({ run: 2, model: "beta\u202E", judge: null }) },
      { kind: "judged", row: row({ run: 2, model: "beta", judge: null, judgeNote: `the judge failed: ${HOSTILE_TEXT}` }) },
    ];
    const lines = show("lines", events);
    expect(lines).not.toMatch(CONTROL_CHARACTER);
    expect(lines).not.toContain("evil.example");
    expect(lines).not.toContain("Score 10/10");
    expect(lines).toContain("racing 2 model(s) × 1: alpha, beta\n");
    expect(lines).toContain(`reference failed: ${HOSTILE_WORDS}\n`);
    expect(lines).toContain(`run 1 alpha #1 failed: ${HOSTILE_WORDS}\n`);
    expect(lines).toContain(`judged run 2 beta #1: the judge failed: ${HOSTILE_WORDS}\n`);
    // The bar draws with control codes of its own, but none of the text's.
    const bar = show("bar", events);
    for (const control of ["\x1b[2J", "\x1b]8", "\u202E", "\r" + "Score"]) expect(bar).not.toContain(control);
    expect(bar).toContain(`judged run 2 beta #1: the judge failed: ${HOSTILE_WORDS}`);
  });

  it("shows nothing when off", () => {
    expect(show("off", [started, reference("ok")], true)).toBe("");
  });
});
