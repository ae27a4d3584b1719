import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  openRecorderDatabase,
  type OpenRecorderDatabaseOptions,
  type RecorderConnection,
} from "@nucleo/recorder-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nucleo } from "./test-support/run-in-process.js";

// One folder for the file: its PGlite database holds a benchmark workflow's run, recorded by
// `nucleo run` itself; the query commands read it back.
let folder = "";
let workflowId = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-queries-"));
  const ran = await nucleo(folder, ["run", "benchmark_classify_ticket", "--json"]);
  if (ran.code !== 0) throw new Error(ran.stderr);
  workflowId = (JSON.parse(ran.stdout) as { workflowId: string }).workflowId;
}, 180_000);
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
const run = (...argv: string[]) => nucleo(folder, argv);

describe("nucleo's query commands, on the worker's PGlite folder", () => {
  it("run --json prints the run report as JSON on stdout, and its notices on stderr", async () => {
    const ran = await run("run", "budget_check", "--json");
    expect(ran.code, ran.stderr).toBe(0);
    const report = JSON.parse(ran.stdout) as {
      workflow: string;
      outcome: { ok: boolean; output: unknown };
      trajectory: { jobCount: number };
    };
    expect(report).toMatchObject({
      workflow: "budget_check",
      outcome: { ok: true, output: { total: 500, verdict: "over" } },
      trajectory: { jobCount: 42 },
    });
    expect(ran.stderr).toContain("no API key set: running on the mock provider");
  }, 60_000);

  it("trajectory prints the tree with step ordinals and costs; --json the typed answer", async () => {
    const table = await run("trajectory", workflowId);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(`^Workflow ${workflowId} \\(\\w+\\): \\d+ jobs, \\d+ model calls, cost USD `),
    );
    expect(table.stdout).toMatch(
      /^#\s+job\s+id\s+class\s+status\s+started\s+took\s+subtree calls\s+own cost\s+subtree cost\s+error$/m,
    );
    const json = JSON.parse((await run("trajectory", workflowId, "--json")).stdout) as {
      rootId: string;
    };
    expect(json.rootId).toBe(workflowId);
  });

  it("ledger, sizing and benchmarks print their tables", async () => {
    const ledger = await run("ledger", "--by", "model");
    expect(ledger.code).toBe(0);
    expect(ledger.stdout).toMatch(
      /^model\s+currency\s+calls\s+input\s+cache read\s+cache write\s+output\s+reasoning\s+cost\n/,
    );
    const sizing = await run("sizing", "--job-class", "LLMCall");
    expect(sizing.stdout).toMatch(/^job class\s+calls\s+max output/);
    const benchmarks = await run("benchmarks", "--root", workflowId);
    expect(benchmarks.stdout).toMatch(
      new RegExp(`^\\S+\\s+${workflowId}\\s+classify_ticket\\s+\\w+\\s+\\d+`, "m"),
    );
    const jobId = (
      JSON.parse((await run("benchmarks", "--json")).stdout) as { jobId: string }[]
    )[0]!.jobId;
    const one = await run("benchmarks", jobId);
    expect(one.stdout).toMatch(new RegExp(`^Benchmark ${jobId}: classify_ticket at grade \\w+`));
    expect(one.stdout).toMatch(/^\s+0\s+reference\s+/m);
  });

  it("--json prints the typed API's answer", async () => {
    const rows = JSON.parse(
      (await run("ledger", "--by", "workflow", "--root", workflowId, "--json")).stdout,
    ) as { key: string; currency: string }[];
    expect(rows).toEqual([expect.objectContaining({ key: workflowId, currency: "USD" })]);
  });

  it("transcript prints what was said in a workflow; search finds the workflow by it", async () => {
    const said = await run("transcript", workflowId);
    expect(said.code, said.stderr).toBe(0);
    // The ticket the benchmark classified, as its input and as each run's prompt.
    expect(said.stdout).toContain("The app crashes every time I save a draft with an attachment.");
    expect(said.stdout).toMatch(/classify_ticket/);
    const json = JSON.parse((await run("transcript", workflowId, "--json")).stdout) as {
      rootId: string;
      jobs: { input: unknown }[];
    };
    expect(json.rootId).toBe(workflowId);
    expect(json.jobs[0]!.input).toMatchObject({ text: expect.stringContaining("crashes") });
    const found = await run("search", "draft attachment", "--json");
    expect(found.code, found.stderr).toBe(0);
    expect((JSON.parse(found.stdout) as { rootId: string }[]).map((hit) => hit.rootId)).toContain(
      workflowId,
    );
    const table = await run("search", "draft attachment");
    expect(table.stdout).toMatch(new RegExp(`^${workflowId}\\s+\\S+`, "m"));
    expect((await run("search", "zebra-quasar-nowhere")).stdout).toBe(
      'Nothing recorded matches "zebra-quasar-nowhere".',
    );
  });

  it("run --transcript prints the report, then what was said", async () => {
    const ran = await run("run", "budget_check", "--transcript");
    expect(ran.code, ran.stderr).toBe(0);
    const transcript = ran.stdout.slice(ran.stdout.indexOf("\nTranscript\n"));
    expect(transcript).toContain("Total the costs with the add tool");
    expect(transcript).toMatch(/add/);
  }, 60_000);

  it("an unknown workflow id fails with exit 1 and names the id", async () => {
    expect(await run("trajectory", "wf-404")).toEqual({
      code: 1,
      stdout: "",
      stderr: 'nucleo: No workflow with id "wf-404" is recorded. (unknown_workflow)',
    });
    expect((await run("benchmarks", "wf-404")).stderr).toContain('"wf-404"');
  });

  it("bad usage exits 2 naming the flag, and opens no database", async () => {
    let opened = false;
    const openDatabase = async (options: OpenRecorderDatabaseOptions) => (
      (opened = true), openRecorderDatabase(options)
    );
    const result = await nucleo(folder, ["sizing", "--root", "wf-1"], { openDatabase });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^nucleo: unknown option '--root'/);
    const both = await nucleo(folder, ["ledger", "--url", "postgres://h/db", "--data-dir", "x"], {
      openDatabase,
    });
    expect(both.stderr).toMatch(/^nucleo: Give --url or --data-dir, not both\./);
    expect(
      (await nucleo(folder, ["benchmarks", "b-1", "--root", "wf-1"], { openDatabase })).stderr,
    ).toMatch(/^nucleo: --root lists a workflow's benchmarks/);
    expect(opened).toBe(false);
  });
});

describe("nucleo's query commands, on other databases", () => {
  it("migrate creates the worker's folder; queries then read it; without it they say how to create it", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "nucleo-migrate-"));
    try {
      const missing = await nucleo(cwd, ["ledger"]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`none at the worker's ${join(cwd, ".nucleo/pglite")}`);
      const missingDir = await nucleo(cwd, ["ledger", "--data-dir", "elsewhere"]);
      expect(missingDir.code).toBe(2);
      expect(missingDir.stderr).toContain("--data-dir: no recorder database at");
      expect(await nucleo(cwd, ["migrate"])).toMatchObject({
        code: 0,
        stdout: `Migrated PGlite at ${join(cwd, ".nucleo/pglite")}: applied 0001-initial, 0002-cost-rollups, 0003-shared-budgets, 0004-booking-totals, 0005-said-content, 0006-replay, 0007-workflow-list, 0008-hour-cache-writes.`,
      });
      expect(await nucleo(cwd, ["migrate"])).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("is up to date"),
      });
      expect(await nucleo(cwd, ["ledger", "--by", "day"])).toEqual({
        code: 0,
        stdout: "No model calls recorded for this ledger.",
        stderr: "",
      });
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);

  it("an unmigrated database is reported with the way to migrate it", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "nucleo-unmigrated-"));
    let connection: RecorderConnection | undefined;
    try {
      connection = await openRecorderDatabase({ dataDir: join(cwd, "db"), migrate: false });
      const open = connection;
      const { code, stderr } = await nucleo(cwd, ["ledger"], {
        openDatabase: async () => ({ ...open, close: async () => {} }),
        env: { DATABASE_URL: "postgres://reader:hunter2@db.example:5432/nucleo" },
      });
      expect(code).toBe(1);
      expect(stderr).toContain("run its migrations first (`nucleo migrate`");
    } finally {
      await connection?.close();
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);

  it("never prints the database password: not in what it opens, not in a driver's error quoting it", async () => {
    const url = "postgres://app:s3cret-Pa55@127.0.0.1:1/nucleo";
    const unreachable = await run("sizing", "--url", url);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("postgres://app:***@127.0.0.1:1/nucleo");
    expect(unreachable.stderr).not.toContain("s3cret-Pa55");
    // A driver may quote its connection string, or the password alone, and even a stack trace.
    const quoting = async () => {
      throw new Error(`could not connect with ${url}: password "s3cret-Pa55" rejected`);
    };
    const quoted = await nucleo(folder, ["ledger", "--stack"], {
      openDatabase: quoting,
      env: { DATABASE_URL: url },
    });
    expect(quoted.code).toBe(1);
    expect(quoted.stderr).toContain(
      'could not connect with postgres://app:***@127.0.0.1:1/nucleo: password "***" rejected',
    );
    expect(quoted.stdout + quoted.stderr).not.toContain("s3cret-Pa55");
  });
});
