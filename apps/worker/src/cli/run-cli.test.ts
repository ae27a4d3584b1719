import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageFile } from "../package-files.js";
import type { SignalSource } from "../shutdown/watch-shutdown-signals.js";
import { runCli } from "./run-cli.js";

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-worker-cli-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command line in this process, in `cwd`, on the mock provider (no keys) and PGlite. */
async function cli(
  argv: string[],
  options: {
    cwd?: string;
    signals?: SignalSource;
    onLine?: (line: string) => void;
    env?: Record<string, string>;
    exit?: (code: number) => void;
  } = {},
): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const cwd = options.cwd ?? folder;
  const code = await runCli(argv, {
    stdout: (text) => {
      out.push(text);
      options.onLine?.(text);
    },
    stderr: (text) => err.push(text),
    env: options.env ?? {},
    cwd,
    callerCwd: cwd,
    signals: options.signals ?? new EventEmitter(),
    exit:
      options.exit ??
      ((code) => {
        throw new Error(`the worker tried to end the process with status ${code}`);
      }),
  });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

describe("the worker's command line, in process", () => {
  it("a log level that names no level is refused, naming NUCLEO_LOG_LEVEL, before the worker starts", async () => {
    const { code, stderr } = await cli(["run", "budget_check"], {
      env: { NUCLEO_LOG_LEVEL: "loud" },
    });
    expect(code).toBe(2);
    expect(stderr).toContain("NUCLEO_LOG_LEVEL");
  });

  // The first run creates the PGlite folder (initdb and the migrations): allow it time.
  it("runs a workflow on the mock provider and prints its trajectory and ledger read back from PGlite", {
    timeout: 120_000,
  }, async () => {
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--tenant", "acme"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /^no API key set: running on the mock provider at http:\/\/127\.0\.0\.1:\d+ /,
    );
    expect(stdout).toContain(`recorder: PGlite at ${join(folder, ".nucleo", "pglite")}`);
    expect(stdout).toContain('Output  {"total":135,"verdict":"over"}');
    expect(stdout).toMatch(
      /Trajectory, read back from Postgres \(# is the step ordinal\):\nWorkflow \S+ \(\w+\): 14 jobs, 8 model calls, cost USD 0\.\d+\n/,
    );
    expect(stdout).toMatch(/^ *budget_check +\S+ +\w+ +finished /m);
    expect(stdout).toMatch(/^ *3 {4}sub_thinker +\S+ +\w+ +finished /m);
    expect(stdout).toMatch(/^ *1 {6}add +\S+ +\w+ +finished /m);
    expect(stdout).toMatch(
      /Cost ledger by model, read back from Postgres:\nmodel +currency +calls .*\n[- ]+\ngpt-5 +USD +8 /,
    );
  });

  it("prints the seat-sizing report of what was recorded", async () => {
    const { code, stdout } = await cli(["sizing"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^job class +calls +max output +p95 output +max_tokens stops +recommended rung$/m,
    );
    expect(stdout).toMatch(/^LLMCall +8 +\d+ +\d+ +0 +VERDICT$/m);
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

  it("refuses an unknown workflow naming it and the registered ones, before opening anything (exit 2)", async () => {
    const fresh = await mkdtemp(join(folder, "fresh-"));
    const { code, stderr } = await cli(["run", "summarise_everything"], { cwd: fresh });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'nucleo: Unknown workflow "summarise_everything": expected one of "budget_check", "benchmark_classify_ticket", "digest_document", "support_chat".',
    );
    expect(existsSync(join(fresh, ".nucleo"))).toBe(false);
  });

  it("refuses an input that fails the workflow's schema, naming the field (exit 2)", async () => {
    const { code, stderr } = await cli([
      "run",
      "budget_check",
      "--input",
      '{"costs":[40,"seventy"],"budget":100}',
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'nucleo: Invalid input for workflow "budget_check", field costs[1]: expected number, received string.',
    );
    const empty = await cli(["run", "digest_document", "--input", '{"text":"  "}']);
    expect(empty.stderr).toBe(
      'nucleo: Invalid input for workflow "digest_document", field text: expected non-empty text.',
    );
  });

  it("reads --input from a file with @, and names the file it cannot read (exit 2)", async () => {
    const missing = join(folder, "missing.json");
    expect((await cli(["run", "budget_check", "--input", `@${missing}`])).stderr).toBe(
      `nucleo: Cannot read --input file ${JSON.stringify(missing)}: ENOENT.`,
    );
    await writeFile(join(folder, "not-json.json"), "costs: 1");
    expect((await cli(["run", "budget_check", "--input", "@not-json.json"])).stderr).toMatch(
      /^nucleo: Invalid --input file ".*not-json\.json": expected JSON/,
    );
  });

  it("a bad config stops the worker at start, naming the file and the field (exit 2)", async () => {
    const file = join(folder, "bad.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        shutdown: { graceMs: "soon" },
      }),
    );
    const { code, stderr } = await cli(["--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field shutdown.graceMs: expected number, received string.`,
    );
  });

  it.each([
    [
      "a keyword/value connection string",
      "host=db.internal user=app password=s3cret dbname=nucleo",
    ],
    ["a postgres: URL without //", "postgres:app:s3cret@db/nucleo"],
  ])("a DATABASE_URL that is %s is refused and never printed", async (_kind, url) => {
    const { code, stdout, stderr } = await cli(["run", "budget_check"], {
      env: { DATABASE_URL: url },
    });
    expect(code).not.toBe(0);
    expect(stdout + stderr).toContain("postgres://user:password@host:port/database");
    expect(stdout + stderr).not.toContain("s3cret");
  });

  it("shared rate-limit budgets asked for without a PostgreSQL server stop the worker at start, naming the field (exit 2)", async () => {
    const file = join(folder, "shared-without-server.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        admission: { shared: true },
      }),
    );
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field admission.shared: sharing rate-limit budgets needs a PostgreSQL server (set DATABASE_URL); embedded PGlite serves one process.`,
    );
    expect(stdout).toBe("");
  });

  it("a deployment policy the catalog cannot meet stops the worker at start, naming the field (exit 2)", async () => {
    const file = join(folder, "bad-policy.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        policy: { megaEntry: "openai-gpt-5" },
      }),
    );
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field policy: Invalid value for "megaEntry" (got "openai-gpt-5"): expected an entry of grade MEGA (it is LARGE).`,
    );
    expect(stdout).toBe("");
  });

  it("a signal while the worker opens its PGlite folder stops the start after the open: nothing runs, the folder's lock is released, exit 0, and the next start runs", {
    timeout: 120_000,
  }, async () => {
    const fresh = await mkdtemp(join(folder, "signalled-"));
    const signals = new EventEmitter();
    const stopped = await cli(["run", "digest_document"], {
      cwd: fresh,
      signals,
      onLine: (line) => {
        // Said just before the open begins: the signal lands while PGlite creates the folder.
        if (line.startsWith("recorder: PGlite at"))
          queueMicrotask(() => signals.emit("SIGTERM", "SIGTERM"));
      },
    });
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain(
      "Received SIGTERM while starting: stopping after the step under way, then closing what the start opened; no workflow will run.",
    );
    expect(stopped.stderr).toBe(
      "nucleo: Stopped by SIGTERM while starting: no workflow ran, and everything the start had opened is closed.",
    );
    expect(stopped.stdout).not.toContain("Running digest_document");
    const dataDir = join(fresh, ".nucleo", "pglite");
    // The open was not cut short (the folder is whole), and closing it released the lock.
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, "nucleo-recorder.lock"))).toBe(false);
    expect(signals.listenerCount("SIGTERM") + signals.listenerCount("SIGINT")).toBe(0);

    const next = await cli(["run", "digest_document"], { cwd: fresh });
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(
      /Trajectory, read back from Postgres \(# is the step ordinal\):\nWorkflow \S+ \(\w+\): 7 jobs, /,
    );
  });

  it("a signal before the recorder is opened stops the start there: the mock provider is stopped and no PGlite folder is made", async () => {
    const fresh = await mkdtemp(join(folder, "signalled-early-"));
    const signals = new EventEmitter();
    let mockUrl = "";
    const { code, stdout, stderr } = await cli(["run", "budget_check"], {
      cwd: fresh,
      signals,
      onLine: (line) => {
        const started = /^no API key set: running on the mock provider at (\S+) /.exec(line);
        if (started === null) return;
        mockUrl = started[1]!;
        signals.emit("SIGINT", "SIGINT");
        signals.emit("SIGINT", "SIGINT");
      },
    });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain("Received SIGINT while starting");
    expect(stdout).toContain(
      "Received SIGINT again while starting: still stopping; the step under way ends first, so nothing it opens is left half-made.",
    );
    expect(stderr).toBe(
      "nucleo: Stopped by SIGINT while starting: no workflow ran, and everything the start had opened is closed.",
    );
    expect(existsSync(join(fresh, ".nucleo"))).toBe(false);
    expect(mockUrl).not.toBe("");
    await expect(fetch(mockUrl)).rejects.toThrow();
  });

  it("a third signal while the worker creates its PGlite folder ends the process at once with status 1, naming the folder it abandoned", {
    timeout: 120_000,
  }, async () => {
    const fresh = await mkdtemp(join(folder, "signalled-thrice-"));
    const dataDir = join(fresh, ".nucleo", "pglite");
    const signals = new EventEmitter();
    const exits: number[] = [];
    const { stdout } = await cli(["run", "digest_document"], {
      cwd: fresh,
      signals,
      // Recorded, not obeyed: the process stays, and the start then stops after the open.
      exit: (code) => exits.push(code),
      onLine: (line) => {
        if (!line.startsWith("recorder: PGlite at")) return;
        // Said just before the open begins: the signals land while PGlite creates the folder.
        queueMicrotask(() => {
          signals.emit("SIGTERM", "SIGTERM");
          signals.emit("SIGINT", "SIGINT");
          signals.emit("SIGINT", "SIGINT");
        });
      },
    });
    expect(exits).toEqual([1]);
    expect(stdout).toContain(
      "Received SIGINT again while starting: still stopping; the step under way ends first, so nothing it opens is left half-made. A third signal ends the process at once.",
    );
    expect(stdout).toContain(
      `Received SIGINT a third time while starting: ending the process at once with status 1, abandoning creating the recorder's PGlite folder ${dataDir}: ` +
        "its lock is released as the process ends, but the folder may be left half-made: delete it if the next start cannot open it.",
    );
    expect(stdout).not.toContain("Running digest_document");
  });

  it("a signal while the worker connects to its PostgreSQL server ends the process at once with status 0, without waiting for the connection", async () => {
    // A server that takes connections and never answers: the open would wait out the connect timeout.
    const sockets: Socket[] = [];
    const signals = new EventEmitter();
    const server = createServer((socket) => {
      sockets.push(socket);
      signals.emit("SIGTERM", "SIGTERM");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const fresh = await mkdtemp(join(folder, "signalled-server-"));
    const exits: number[] = [];
    const running = cli(["run", "budget_check"], {
      cwd: fresh,
      signals,
      env: { DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/nucleo` },
      exit: (code) => {
        exits.push(code);
        // Recorded, not obeyed: the test ends the connection so that the open fails and the start ends.
        for (const socket of sockets) socket.destroy();
      },
    });
    try {
      const { stdout } = await running;
      expect(exits).toEqual([0]);
      expect(stdout).toContain(
        `Received SIGTERM while opening the recorder's database, PostgreSQL at postgres://app:***@127.0.0.1:${port}/nucleo: stopping at once, since cutting it short leaves nothing half-made (the server rolls back what was not committed); no workflow ran.`,
      );
      expect(stdout).not.toContain("s3cret-pw");
      expect(existsSync(join(fresh, ".nucleo"))).toBe(false);
    } finally {
      server.close();
    }
  });

  it("a signal while sizing loads its config stops it before the recorder is opened (exit 0)", async () => {
    const fresh = await mkdtemp(join(folder, "signalled-sizing-"));
    const signals = new EventEmitter();
    const out: string[] = [];
    const err: string[] = [];
    const running = runCli(["sizing"], {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      env: {},
      cwd: fresh,
      callerCwd: fresh,
      signals,
    });
    // runCli is now awaiting the config file: the signal comes in the middle of the start.
    signals.emit("SIGTERM", "SIGTERM");
    expect(await running).toBe(0);
    expect(err).toEqual([
      "nucleo: Stopped by SIGTERM while starting: no workflow ran, and everything the start had opened is closed.",
    ]);
    expect(existsSync(join(fresh, ".nucleo"))).toBe(false);
  });

  it("on SIGTERM takes no new work, lets the running workflow finish and exits 0", async () => {
    const file = join(folder, "slow.json");
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
      "Received SIGTERM: taking no new work; 1 running workflow(s) may finish within 60000 ms, then they are cancelled.",
    );
    expect(stdout).toContain('Output  {"total":135,"verdict":"over"}');
    expect(stdout).toContain("Shutting down: not starting digest_document.");
    expect(stdout).not.toContain("Workflow digest_document");
  });

  it("a second signal cancels the running workflow at once; the cancelled run is still reported from Postgres, exit 0", async () => {
    const file = join(folder, "slower.json");
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
    expect(stdout).toContain("Received SIGINT again: cancelling 1 running workflow(s) now.");
    expect(stdout).toMatch(/Failed {2}.*\(stopped by the worker's shutdown\)/);
    expect(stdout).toMatch(/^ *budget_check +\S+ +\w+ +failed .* cancelled: /m);
  });
});
