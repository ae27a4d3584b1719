import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Real processes and real signals, run from the sources (see @nucleo/tooling/source-hooks):
// what a test double for process.exit cannot show — that the process ends, with what status,
// and that the PGlite folder's lock does not outlive it.
const hooks = import.meta.resolve("@nucleo/tooling/source-hooks");
const nodeArguments = [
  "--disable-warning=ExperimentalWarning",
  "--experimental-transform-types",
  "--conditions=@nucleo/source",
  "--import",
  hooks,
];
const heldStart = fileURLToPath(new URL("../test-support/held-start-child.ts", import.meta.url));
const workerMain = fileURLToPath(new URL("../main.ts", import.meta.url));

// No key and no DATABASE_URL unless a test sets one: the mock provider.
const {
  OPENAI_API_KEY: _openai,
  ANTHROPIC_API_KEY: _anthropic,
  DATABASE_URL: _url,
  ...env
} = process.env;

/** A child process whose output is kept, with a wait for a line and for its end. */
interface Child {
  readonly process: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves once a line of stdout matches; rejects if the child ends first. */
  readonly waitFor: (pattern: RegExp) => Promise<void>;
  readonly exited: Promise<{
    readonly code: number | null;
    readonly signal: NodeJS.Signals | null;
  }>;
}

function start(
  script: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string> },
): Child {
  const child = spawn(process.execPath, [...nodeArguments, script, ...args], {
    cwd: options.cwd,
    env: { ...env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let ended = false;
  const waiters: { pattern: RegExp; resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (waiter.pattern.test(stdout)) waiter.resolve();
      else if (ended)
        waiter.reject(
          new Error(`the child ended before printing ${waiter.pattern}:\n${stdout}\n${stderr}`),
        );
      else waiters.push(waiter);
    }
  };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    settle();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      ended = true;
      settle();
      resolve({ code, signal });
    }),
  );
  return {
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        settle();
      }),
    exited,
  };
}

describe("signals during the start, in a real process", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-worker-start-signals-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("a third signal while the start holds a PGlite folder ends the process at once with status 1, and the folder's lock does not outlive it", {
    timeout: 120_000,
  }, async () => {
    const cwd = await mkdtemp(join(folder, "held-"));
    const dataDir = join(cwd, ".nucleo", "pglite");
    const child = start(heldStart, [".nucleo/pglite"], { cwd });
    try {
      await child.waitFor(/^opened: /m);
      expect(existsSync(join(dataDir, "nucleo-recorder.lock"))).toBe(true);
      // Each signal once its predecessor is acknowledged: identical pending signals merge.
      child.process.kill("SIGTERM");
      await child.waitFor(/^Received SIGTERM while starting: stopping after the step under way/m);
      child.process.kill("SIGINT");
      await child.waitFor(/^Received SIGINT again while starting/m);
      child.process.kill("SIGINT");

      expect(await child.exited, child.stderr()).toEqual({ code: 1, signal: null });
      expect(child.stdout()).toContain(
        `Received SIGINT a third time while starting: ending the process at once with status 1, abandoning creating the recorder's PGlite folder ${dataDir}: its lock is released as the process ends`,
      );
      expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
      expect(existsSync(join(dataDir, "nucleo-recorder.lock"))).toBe(false);
    } finally {
      child.process.kill("SIGKILL");
    }
  });

  it("SIGTERM while the worker connects to its PostgreSQL server ends the process at once with status 0, rather than after the connect timeout", {
    timeout: 60_000,
  }, async () => {
    // A server that takes connections and never answers: the open would wait out the 10 s connect timeout, then fail.
    const sockets: Socket[] = [];
    let connected!: () => void;
    const connection = new Promise<void>((resolve) => (connected = resolve));
    const server = createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const cwd = await mkdtemp(join(folder, "server-"));
    const child = start(workerMain, ["run", "budget_check"], {
      cwd,
      env: { DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/nucleo` },
    });
    try {
      await connection;
      child.process.kill("SIGTERM");
      expect(await child.exited, child.stderr()).toEqual({ code: 0, signal: null });
      expect(child.stdout()).toContain(
        `Received SIGTERM while opening the recorder's database, PostgreSQL at postgres://app:***@127.0.0.1:${port}/nucleo: stopping at once, since cutting it short leaves nothing half-made`,
      );
      expect(child.stdout() + child.stderr()).not.toContain("s3cret-pw");
    } finally {
      child.process.kill("SIGKILL");
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});
