import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";
import { cliScratchFolder } from "./test-support/cli-scratch-folder.js";

const scratch = cliScratchFolder();
const { cli } = scratch;

// A signal while the worker starts: where it lands decides whether the start finishes its step
// first or the process ends at once.
describe("the worker's command line, in process", () => {
  it("a signal while the worker opens its PGlite folder stops the start after the open: nothing runs, the folder's lock is released, exit 0, and the next start runs", {
    timeout: 120_000,
  }, async () => {
    const fresh = await mkdtemp(join(scratch.folder, "signalled-"));
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
    const fresh = await mkdtemp(join(scratch.folder, "signalled-early-"));
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
    const fresh = await mkdtemp(join(scratch.folder, "signalled-thrice-"));
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
    const fresh = await mkdtemp(join(scratch.folder, "signalled-server-"));
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
    const fresh = await mkdtemp(join(scratch.folder, "signalled-sizing-"));
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
});
