import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { BenchmarkProgress } from "../benchmark/benchmark-progress.js";
import { judgeScore, row } from "../report/test-support/report-fixtures.js";
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

  it("ends at the total when a run's judge could not be made and no judged event comes for it", () => {
    const text = show("lines", [
      started,
      reference("ok"),
      // The run landed already saying it has no verdict: its judge leaves the total.
      { kind: "run", row: row({ run: 1, model: "alpha", judge: null, judgeNote: "the judge failed: internal: no judge entry" }) },
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
      { kind: "run", row: row({ run: 1, judge: null, judgeNote: "the judge failed: internal: no judge entry" }) },
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

  it("shows nothing when off", () => {
    expect(show("off", [started, reference("ok")], true)).toBe("");
  });
});
