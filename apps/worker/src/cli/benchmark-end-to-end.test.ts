import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BenchmarkReport } from "@nucleo/benchmark";
import { benchmarkFolder } from "./test-support/benchmark-folder.js";

let folder: Awaited<ReturnType<typeof benchmarkFolder>>;
beforeEach(async () => {
  folder = await benchmarkFolder();
});
afterEach(async () => {
  await folder.remove();
});

// The setup module lives in the temporary folder, as a user's would; the tool, catalog and
// client it builds come from this app's test support.
const TICKET_SETUP = new URL("./test-support/ticket-setup.ts", import.meta.url).pathname;
const setupModule = (
  closedKey: string,
  options: { failReference?: boolean } = {},
) => `import { ticketSetup } from ${JSON.stringify(TICKET_SETUP)};
const closed = (globalThis[${JSON.stringify(closedKey)}] = { count: 0 });
export default async () => ticketSetup(closed, ${JSON.stringify(options)});
`;
const closedCount = (key: string) =>
  (globalThis as unknown as Record<string, { count: number }>)[key]!.count;

describe("nucleo benchmark, end to end", () => {
  it("races the job on every entry of its grade, prints the table, writes both reports and exits 0", async () => {
    const closedKey = `__ticket_setup_closed_${Date.now()}`;
    await folder.write("ticket.setup.ts", setupModule(closedKey));
    await folder.write("bench.json", {
      setup: "./ticket.setup.ts",
      times: 2,
      markdown: "reports/tiny.md",
    });
    const run = await folder.run("bench.json", "--out-dir", "out");

    expect(run.stderr).not.toContain("nucleo:");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Benchmark of label_ticket at SMALL: 3 model(s), 2 run(s) each, and the reference",
    );
    for (const model of ["lumo-1", "vexa-2", "solen-3"])
      expect(run.stdout).toMatch(new RegExp(`\\| cand +\\| ${model} +\\| +1 \\| ok `));
    expect(run.stdout).toContain("Per model:");
    expect(run.stdout).toContain("10/10");
    expect(run.stdout).toContain(
      "Wrote out/label_ticket-benchmark.json\nWrote out/reports/tiny.md\n",
    );

    const report = JSON.parse(
      await readFile(folder.path("out/label_ticket-benchmark.json"), "utf8"),
    ) as BenchmarkReport;
    expect(report.rows).toHaveLength(7);
    expect(report.models.map((model) => [model.model, model.runs, model.judged])).toEqual([
      ["lumo-1", 2, 2],
      ["vexa-2", 2, 2],
      ["solen-3", 2, 2],
    ]);
    const markdown = await readFile(folder.path("out/reports/tiny.md"), "utf8");
    // The job name is escaped like all text in the file: `\_` renders as `_`.
    expect(markdown).toContain("# Benchmark: label\\_ticket");
    expect(markdown).toContain("## Per model");
    // Not a terminal: one plain line per event, ending at the total (1 reference + 6 runs + 6 judges).
    expect(run.stderr).toContain("[1/13] reference ok");
    expect(run.stderr).toMatch(/\[13\/13\] judged run \d /);
    expect(closedCount(closedKey)).toBe(1);
  });

  it("shows no progress with --quiet, and writes the reports beside the config by default", async () => {
    await folder.write("ticket.setup.ts", setupModule(`__ticket_setup_closed_quiet_${Date.now()}`));
    await folder.write("configs/bench.json", {
      setup: "../ticket.setup.ts",
      candidates: ["solen-3"],
    });
    const run = await folder.run("configs/bench.json", "--quiet");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(
      "Wrote configs/label_ticket-benchmark.json\nWrote configs/label_ticket-benchmark.md\n",
    );
    const report = JSON.parse(
      await readFile(folder.path("configs/label_ticket-benchmark.json"), "utf8"),
    ) as BenchmarkReport;
    expect(report.models.map((model) => model.model)).toEqual(["solen-3"]);
  });

  it("with --json, prints the report alone on stdout and draws no progress on stderr", async () => {
    await folder.write("ticket.setup.ts", setupModule(`__ticket_setup_closed_json_${Date.now()}`));
    await folder.write("bench.json", { setup: "./ticket.setup.ts", candidates: ["solen-3"] });
    const run = await folder.run("bench.json", "--out-dir", "out", "--json");
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("reference ok");
    expect(run.stderr).not.toMatch(/\[\d+\/\d+\]/);
    expect((JSON.parse(run.stdout) as BenchmarkReport).models.map((model) => model.model)).toEqual([
      "solen-3",
    ]);
  });

  it("exits 1 when the reference fails, still printing and writing the report, and closes the setup", async () => {
    const closedKey = `__ticket_setup_closed_failed_${Date.now()}`;
    await folder.write("failing.setup.ts", setupModule(closedKey, { failReference: true }));
    await folder.write("bench.json", { setup: "./failing.setup.ts", json: "failed.json" });
    const run = await folder.run("bench.json", "--quiet");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Reference failure: internal: the reference's model is down");
    expect(run.stdout).toContain("Wrote failed.json\nWrote label_ticket-benchmark.md\n");
    expect(run.stderr).toMatch(/^nucleo: the benchmark failed: reference_failed: /);
    const report = JSON.parse(
      await readFile(folder.path("failed.json"), "utf8"),
    ) as BenchmarkReport;
    expect(report.referenceFailure).toContain("the reference's model is down");
    expect(report.rows.filter((row) => row.judge !== null)).toEqual([]);
    expect(closedCount(closedKey)).toBe(1);
  });

  it("runs the README's example config (examples/cli/bench.json) as documented", async () => {
    const config = new URL(
      "../../../../packages/benchmark/examples/cli/bench.json",
      import.meta.url,
    ).pathname;
    const run = await folder.run(config, "--out-dir", "out", "--quiet");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Benchmark of classify_ticket at SMALL: 3 model(s), 3 run(s) each, and the reference",
    );
    const report = JSON.parse(
      await readFile(folder.path("out/reports/classify-ticket.json"), "utf8"),
    ) as BenchmarkReport;
    expect(
      report.models.map((model) => [model.model, model.judgeScore?.mean, model.scorer?.mean]),
    ).toEqual([
      ["lumo-1", 10, 10],
      ["vexa-2", 3, 0],
      ["solen-3", 10, 10],
    ]);
    expect(await readFile(folder.path("out/reports/classify-ticket.md"), "utf8")).toContain(
      "# Benchmark: classify\\_ticket",
    );
  });
});
