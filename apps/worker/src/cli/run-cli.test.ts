import { EventEmitter } from "node:events";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageFile } from "../package-files.js";
import { cliScratchFolder } from "./test-support/cli-scratch-folder.js";

const scratch = cliScratchFolder();
const { cli } = scratch;

// A run recorded in the scratch folder, the commands that read it back, and a shutdown mid-run.
describe("the worker's command line, in process", () => {
  // The first run creates the PGlite folder (initdb and the migrations): allow it time.
  it("runs a workflow on the mock provider and prints its trajectory and ledger read back from PGlite", {
    timeout: 120_000,
  }, async () => {
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--tenant", "acme"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /^no API key set: running on the mock provider at http:\/\/127\.0\.0\.1:\d+ /,
    );
    expect(stdout).toContain(`recorder: PGlite at ${join(scratch.folder, ".nucleo", "pglite")}`);
    expect(stdout).toContain('Output  {"total":500,"verdict":"over"}');
    expect(stdout).toMatch(
      /Trajectory, read back from Postgres \(# is the step ordinal\):\nWorkflow \S+ \(\w+\): 42 jobs, 22 model calls, cost USD 0\.\d+\n/,
    );
    expect(stdout).toMatch(/^ *budget_check +\S+ +\w+ +finished /m);
    expect(stdout).toMatch(/^ *10 {4}sub_thinker +\S+ +\w+ +finished /m);
    expect(stdout).toMatch(/^ *1 {6}add +\S+ +\w+ +finished /m);
    // The example loop's prompts pass the providers' 1,024-token caching minimum: the ledger shows cache reads.
    expect(stdout).toMatch(
      /Cost ledger by model, read back from Postgres:\nmodel +currency +calls +input +cache read .*\n[- ]+\ngpt-5 +USD +22 +[\d,]+ +[1-9][\d,]* /,
    );
  });

  it("prints the seat-sizing report of what was recorded", async () => {
    const { code, stdout } = await cli(["sizing"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^job class +calls +max output +p95 output +max_tokens stops +recommended rung$/m,
    );
    expect(stdout).toMatch(/^LLMCall +22 +\d+ +\d+ +0 +VERDICT$/m);
  });

  it("lists the registered workflows with their input fields", async () => {
    const { code, stdout } = await cli(["list"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^budget_check\n.*\n {2}input:\n {4}costs: list<number> -- The costs to total\.\n {4}budget: number/m,
    );
    expect(stdout).toMatch(
      /^benchmark_classify_ticket\n[\s\S]*? {4}times\?: integer \(default 1\)/m,
    );
    expect(stdout).toContain("digest_document");
  });

  it("on SIGTERM takes no new work, lets the running workflow finish and exits 0", async () => {
    const file = join(scratch.folder, "slow.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check", "digest_document"],
        mockProvider: { latencyMs: 50 },
        shutdown: { graceMs: 60_000 },
      }),
    );
    const signals = new EventEmitter();
    const { code, stdout } = await cli(["--config", file], {
      signals,
      onLine: (line) => {
        // The workflow is running once its line is printed: the signal comes then, not after a guessed delay.
        if (line.startsWith("\nRunning budget_check"))
          queueMicrotask(() => signals.emit("SIGTERM", "SIGTERM"));
      },
    });
    expect(code).toBe(0);
    expect(stdout).toContain(
      "Received SIGTERM: taking no new workflows; 1 running may finish within 60000 ms, then they are handed back to the queue.",
    );
    expect(stdout).toContain('Output  {"total":500,"verdict":"over"}');
    expect(stdout).toContain("Shutting down: not submitting digest_document.");
    expect(stdout).not.toContain("Workflow digest_document");
  });

  it("a second signal cancels the running workflow at once; the cancelled run is still reported from Postgres, exit 0", async () => {
    const file = join(scratch.folder, "slower.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        mockProvider: { latencyMs: 200 },
      }),
    );
    const signals = new EventEmitter();
    const { code, stdout } = await cli(["--config", file], {
      signals,
      onLine: (line) => {
        if (!line.startsWith("\nRunning budget_check")) return;
        queueMicrotask(() => {
          signals.emit("SIGINT", "SIGINT");
          signals.emit("SIGINT", "SIGINT");
        });
      },
    });
    expect(code).toBe(0);
    expect(stdout).toContain("Received SIGINT again: handing 1 running workflow(s) back now.");
    expect(stdout).toMatch(/Failed {2}.*\(stopped by the worker's shutdown\)/);
    expect(stdout).toMatch(/^ *budget_check +\S+ +\w+ +failed .* cancelled: /m);
  });
});
