import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RecorderConnection } from "../db/recorder-connection.js";
import { seedExampleWorld } from "../queries/test-support/example-world.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { runRecorderCli, type RecorderCliIo } from "./run-recorder-cli.js";

interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(argv: string[], io: Partial<RecorderCliIo> = {}): Promise<Captured> {
  let stdout = "";
  let stderr = "";
  const code = await runRecorderCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: "/nonexistent-cwd",
    ...io,
  });
  return { code, stdout, stderr };
}

/** Runs the command on a test's open database (the CLI's close leaves it open for the test). */
function on(connection: RecorderConnection): Partial<RecorderCliIo> {
  return { openDatabase: async () => ({ ...connection, close: async () => {} }), env: { DATABASE_URL: "postgres://reader:hunter2@db.example:5432/nucleo" } };
}

describeOnBothDatabases("nucleo-recorder", (open) => {
  it("trajectory prints the tree in trajectory order, children indented, with own and subtree costs", async () => {
    const connection = await open();
    await seedExampleWorld(connection.db);
    const { code, stdout, stderr } = await cli(["trajectory", "wf-1"], on(connection));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("Workflow wf-1 (ResearchWorkflow): 8 jobs, 6 model calls, cost EUR 0.75, USD 0.400000000000000001");
    const column = lines[2]!.indexOf("job");
    const jobs = lines.slice(4).filter((line) => line !== "").map((line) => /^( *)(.*?)(?: {2,}|$)/.exec(line.slice(column))!);
    expect(jobs.map((match) => `${match[1]}${match[2]}`)).toEqual(["research", "  plan", "    lookup", "  search", "    condense", "  fetch two", "  fetch one", "  lookup raw"]);
    expect(stdout).toContain("timeout: took too long");
    expect(stdout).toMatch(/search\s+a\s+Search\s+finished\s+2025-01-06 10:00:05Z\s+3\.0s\s+3\s+EUR 0\.05, USD 0\.2\s+EUR 0\.05, USD 0\.3/);
  });

  it("ledger, sizing and benchmarks print their tables", async () => {
    const connection = await open();
    await seedExampleWorld(connection.db);
    const ledger = await cli(["ledger", "--by", "model"], on(connection));
    expect(ledger.code).toBe(0);
    expect(ledger.stdout).toMatch(/^model\s+currency\s+calls\s+input\s+cache read\s+cache write\s+output\s+reasoning\s+cost\n/);
    expect(ledger.stdout).toMatch(/model-eu\s+EUR\s+2\s+80\s+0\s+0\s+27\s+0\s+0\.75\n/);
    const sizing = await cli(["sizing", "--class", "Summarize"], on(connection));
    expect(sizing.stdout).toMatch(/Summarize\s+100\s+800\s+760\s+3\s+VERDICT/);
    const benchmarks = await cli(["benchmarks", "--root", "wf-2"], on(connection));
    expect(benchmarks.stdout).toMatch(/bench-1\s+wf-2\s+summarize\s+STANDARD\s+2\s+3\s+1/);
    const benchmark = await cli(["benchmarks", "bench-1"], on(connection));
    expect(benchmark.stdout).toMatch(/2\s+candidate\s+model-a\s+model-a-2025\s+failed.*USD 0\.0123.*timeout: took too long/);
  });

  it("--json prints the typed API's answer", async () => {
    const connection = await open();
    await seedExampleWorld(connection.db);
    const { stdout } = await cli(["ledger", "--by", "workflow", "--currency", "EUR", "--json"], on(connection));
    expect(JSON.parse(stdout)).toEqual([{ key: "wf-1", currency: "EUR", calls: 2, tokens: { input: 80, cacheRead: 0, cacheCreation: 0, output: 27, reasoning: 0 }, cost: "0.75" }]);
  });

  it("an unknown workflow id fails with exit 1 and names the id", async () => {
    const connection = await open();
    await seedExampleWorld(connection.db);
    expect(await cli(["trajectory", "wf-404"], on(connection))).toEqual({ code: 1, stdout: "", stderr: 'nucleo-recorder: No workflow with id "wf-404" is recorded. (unknown_workflow)\n' });
    expect((await cli(["ledger", "--root", "nope"], on(connection))).stderr).toContain('"nope"');
    expect((await cli(["benchmarks", "a1"], on(connection))).stderr).toContain('Job "a1" (Condense) has no benchmark report');
  });

  it("bad usage exits 2 naming the flag, and opens no database", async () => {
    let opened = false;
    const io = { openDatabase: async () => ((opened = true), await open()) };
    const result = await cli(["sizing", "--root", "wf-1"], io);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^nucleo-recorder: --root is not an option of sizing \(sizing takes --class\)\n\nUsage: nucleo-recorder/);
    expect(opened).toBe(false);
  });

  it("an unmigrated database is reported with the way to migrate it", async () => {
    const connection = await open({ migrate: false });
    const { code, stderr } = await cli(["ledger"], on(connection));
    expect(code).toBe(1);
    expect(stderr).toContain("run its migrations first (`nucleo-recorder migrate`");
  });
});

describeOnBothDatabases("nucleo-recorder against a server URL", (open, backend) => {
  it.skipIf(backend === "pglite")("never prints the password: not in answers, not in errors", async () => {
    const database = await open();
    const url = database.url!;
    const password = new URL(url).password;
    expect(password.length).toBeGreaterThan(8);
    const migrated = await cli(["--url", url, "migrate"]);
    expect(migrated).toMatchObject({ code: 0, stderr: "" });
    expect(migrated.stdout).toContain(":***@127.0.0.1");
    const ledger = await cli(["ledger", "--json"], { env: { DATABASE_URL: url } });
    expect(ledger).toMatchObject({ code: 0, stdout: "[]\n" });
    const wrong = new URL(url);
    wrong.password = `${password}-wrong`;
    const refused = await cli(["--url", wrong.href, "ledger"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain(password);
    const unreachable = await cli(["--url", "postgres://app:s3cret-Pa55@127.0.0.1:1/nucleo", "sizing"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("postgres://app:***@127.0.0.1:1/nucleo");
    expect(unreachable.stderr).not.toContain("s3cret-Pa55");
    // A server that answers with an error is quoted, not called unreachable.
    const missing = new URL(url);
    missing.pathname = "/nucleo_no_such_database";
    const absent = await cli(["--url", missing.href, "ledger"]);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain(`nucleo-recorder: The PostgreSQL server at postgres://postgres:***@127.0.0.1:${missing.port}/nucleo_no_such_database refused the recorder's connection: database "nucleo_no_such_database" does not exist (SQLSTATE 3D000).`);
    for (const output of [migrated, ledger, refused, unreachable, absent]) expect(output.stdout + output.stderr).not.toContain(password);
  });
});

describe("nucleo-recorder on a PGlite folder", () => {
  it("migrate creates the default folder; queries then read it; without it they say how to create it", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "nucleo-recorder-cli-"));
    try {
      const missing = await cli(["ledger"], { cwd });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`none at the default ${join(cwd, ".nucleo/pglite")}`);
      const missingDir = await cli(["--data-dir", "elsewhere", "ledger"], { cwd });
      expect(missingDir.code).toBe(2);
      expect(missingDir.stderr).toContain("--data-dir: no recorder database at");
      expect(await cli(["migrate"], { cwd })).toMatchObject({ code: 0, stdout: `Migrated PGlite at ${join(cwd, ".nucleo/pglite")}: applied 0001-initial, 0002-cost-rollups, 0003-shared-budgets.\n` });
      expect(await cli(["migrate"], { cwd })).toMatchObject({ code: 0, stdout: expect.stringContaining("is up to date") });
      expect(await cli(["ledger", "--by", "day"], { cwd })).toEqual({ code: 0, stdout: "No model calls recorded for this ledger.\n", stderr: "" });
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);
});
