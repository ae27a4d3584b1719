import { describe, expect, it } from "vitest";
import {
  benchEntry,
  benchReport,
  markdownTable,
  median,
  microsPerCall,
  quantile,
  ratio,
  smallBenchEntry,
  whole,
  zeroLatencyClient,
} from "./index.ts";

describe("bench statistics", () => {
  it("the median of an odd count is the middle sample", () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it("the median of an even count is the mean of the two middle samples", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("a quantile interpolates between the two nearest ranks", () => {
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([0, 100], 0.99)).toBe(99);
    expect(quantile([7], 0.99)).toBe(7);
  });

  it("a quantile of no samples, or outside 0 to 1, names what is wrong", () => {
    expect(() => quantile([], 0.5)).toThrow(/`samples` is empty/);
    expect(() => quantile([1], 1.5)).toThrow(/`q` must be 0 to 1, got 1.5/);
  });

  it("the samples given are not reordered", () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it("a ratio prints as ×value with the digits asked for", () => {
    expect(ratio(3, 2)).toBe("×1.50");
    expect(ratio(10, 3, 1)).toBe("×3.3");
    expect(whole(1234.6)).toBe("1,235");
  });
});

describe("bench timing", () => {
  it("microsPerCall warms up, then takes one sample per batch", async () => {
    let calls = 0;
    const samples = await microsPerCall({ warmUp: 5, samples: 3, perSample: 4 }, () => calls++);
    expect(calls).toBe(5 + 3 * 4);
    expect(samples).toHaveLength(3);
    for (const sample of samples) expect(sample).toBeGreaterThanOrEqual(0);
  });
});

describe("bench report", () => {
  const columns = [{ title: "Measure" }, { title: "Figure", align: "right" }] as const;

  it("a table right-aligns its figure columns", () => {
    expect(markdownTable({ columns, rows: [["one call", "1.5 µs"]] })).toEqual([
      "| Measure | Figure |",
      "|---|--:|",
      "| one call | 1.5 µs |",
    ]);
  });

  it("a row with the wrong cell count is refused, naming the row", () => {
    expect(() => markdownTable({ columns, rows: [["one call"]] })).toThrow(
      /row 0 \("one call"\) has 1 cells, the table 2 columns/,
    );
  });

  it("a report opens with the machine line and parts blocks with blank lines", () => {
    const lines = benchReport({ columns, rows: [["a", "1"]] }, ["- note one", "- note two"]).split(
      "\n",
    );
    expect(lines[0]).toMatch(/^Node v\d+.* UTC$/);
    expect(lines.slice(1)).toEqual([
      "",
      "| Measure | Figure |",
      "|---|--:|",
      "| a | 1 |",
      "",
      "- note one",
      "- note two",
    ]);
  });
});

describe("zero-latency set-up", () => {
  it("the client answers send and stream with the same complete response", async () => {
    const client = zeroLatencyClient({
      content: "ok",
      usage: { inputTokens: 1, outputTokens: 2 },
      providerModel: "zero",
    });
    const sent = await client.send();
    const streamed = await client.stream().next();
    expect(sent).toEqual({
      content: "ok",
      usage: { inputTokens: 1, outputTokens: 2 },
      providerModel: "zero",
      toolCalls: [],
      thinking: [],
      stopReason: "end",
    });
    expect(streamed).toEqual({ done: true, value: sent });
  });

  it("the bench entry's model defaults to its id and its limits are out of reach", () => {
    const entry = benchEntry({
      id: "zero",
      grade: "SMALL",
      contextWindow: 1_000,
      outputCeiling: 100,
      prices: { input: "1", output: "2" },
    });
    expect(entry.model).toBe("zero");
    expect(entry.limits.requestsPerMinute).toBeGreaterThanOrEqual(1_000_000_000);
    expect(entry.prices).toEqual({
      currency: "USD",
      effectiveFrom: "2025-01-01",
      source: "bench",
      input: "1",
      output: "2",
    });
  });

  it("the small bench entry is zero, SMALL, at $0.10 / $0.40", () => {
    expect(smallBenchEntry()).toMatchObject({
      id: "zero",
      model: "zero",
      grade: "SMALL",
      prices: { input: "0.1", output: "0.4" },
    });
  });
});
