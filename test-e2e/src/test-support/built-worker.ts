// The built worker program, started as a child process the way a user starts it.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The installed `@nucleo/worker` package's folder: its `config/` and built `dist/` live there. */
export const workerDir = dirname(
  createRequire(import.meta.url).resolve("@nucleo/worker/package.json"),
);
const workerMain = join(workerDir, "dist", "main.js");

/** The built worker as a child process, its output collected as it comes. */
export interface WorkerProcess {
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the first match of `pattern` in stdout. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  kill(signal: NodeJS.Signals): void;
  /** The process id. */
  readonly pid: number | undefined;
  readonly exited: Promise<number | null>;
}

/**
 * Starts the built worker with `args` in `options.cwd`, recording to the database at
 * `options.databaseUrl`, with no API key in its environment.
 */
export function startWorker(
  args: readonly string[],
  options: {
    readonly databaseUrl: string;
    readonly cwd: string;
    /** More environment variables for the worker (no API key: those are always removed). */
    readonly env?: Readonly<Record<string, string>>;
  },
): WorkerProcess {
  // No API key reaches the worker: it must run on the mock provider, and say so.
  const { OPENAI_API_KEY: _openai, ANTHROPIC_API_KEY: _anthropic, ...env } = process.env;
  const child = spawn(process.execPath, [workerMain, ...args], {
    cwd: options.cwd,
    env: { ...env, ...options.env, DATABASE_URL: options.databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const waiter of [...waiters]) {
      const match = stdout.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const match = stdout.match(pattern);
        if (match) return resolve(match);
        waiters.push({ pattern, resolve });
        void exited.then(() =>
          reject(new Error(`the worker exited before printing ${pattern}:\n${stdout}\n${stderr}`)),
        );
      }),
    kill: (signal) => child.kill(signal),
    pid: child.pid,
    exited,
  };
}
