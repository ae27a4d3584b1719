import type { BenchmarkProgress, BenchmarkRow } from "@nucleo/benchmark";
import { describe, expect, it } from "vitest";
import { createProgressDisplay, type ProgressMode } from "./progress-display.js";

class Screen {
  text = "";
  readonly columns = 160;
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

const HOSTILE_TEXT =
  "Fine.\x1b[2J Read \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ \u202Eevil\u202C\rScore 10/10";
const HOSTILE_WORDS = "Fine. Read the docs evil";
const CONTROL_CHARACTER = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function row(overrides: Partial<BenchmarkRow>): BenchmarkRow {
  return {
    run: 1,
    role: "candidate",
    model: "alpha",
    providerModel: "alpha-1",
    servedBy: ["alpha"],
    repeat: 1,
    status: "ok",
    error: null,
    calls: 1,
    iterations: 1,
    tokens: { input: 1_200, cachedInput: 0, output: 300, reasoning: 0, cacheWrite: 0 },
    latencyMs: 800,
    wallMs: 900,
    cost: { USD: "0.0024" },
    judge: null,
    judgeNote: null,
    scorer: null,
    scorerNote: null,
    ...overrides,
  } as BenchmarkRow;
}

const started: BenchmarkProgress = {
  kind: "started",
  candidates: ["alpha", "beta"],
  times: 1,
  runs: 2,
};
const referenceOk: BenchmarkProgress = {
  kind: "reference",
  row: row({ run: 0, role: "reference" }),
};

function show(
  mode: ProgressMode,
  events: readonly BenchmarkProgress[],
  tty = mode === "bar",
): string {
  const screen = new Screen(tty);
  const display = createProgressDisplay(screen, mode);
  for (const item of events) display.onProgress(item);
  display.stop();
  return screen.text;
}

describe("the benchmark's progress display", () => {
  it("writes one plain line per step where stderr is no terminal", () => {
    expect(show("lines", [started, referenceOk])).toBe(
      "[0/5] racing 2 model(s) × 1: alpha, beta\n[1/5] reference ok (alpha, 900 ms)\n",
    );
  });

  it("draws one bar on a terminal, captioned with the last event", () => {
    const text = show("bar", [
      started,
      referenceOk,
      { kind: "run", row: row({ run: 1, model: "alpha" }) },
    ]);
    expect(text).toContain("benchmark ");
    expect(text).toContain("2/5 | run 1 alpha #1 ok");
  });

  it("writes what a model or an error wrote as plain text: no escape sequence, hyperlink, \\r overwrite or bidi override", () => {
    const events: BenchmarkProgress[] = [
      { kind: "started", candidates: ["alpha\x1b[2J", "beta\u202E"], times: 1, runs: 2 },
      {
        kind: "reference",
        row: row({ run: 0, role: "reference", status: "failed", error: HOSTILE_TEXT }),
      },
      { kind: "run", row: row({ run: 1, status: "failed", error: HOSTILE_TEXT }) },
    ];
    const lines = show("lines", events);
    expect(lines).not.toMatch(CONTROL_CHARACTER);
    expect(lines).not.toContain("evil.example");
    expect(lines).toContain("racing 2 model(s) × 1: alpha, beta\n");
    expect(lines).toContain(`reference failed: ${HOSTILE_WORDS}\n`);
    const bar = show("bar", events);
    for (const control of ["\x1b[2J", "\x1b]8", "\u202E", "\r" + "Score"])
      expect(bar).not.toContain(control);
  });

  it("shows nothing when off (--quiet)", () => {
    expect(show("off", [started, referenceOk], true)).toBe("");
  });
});
