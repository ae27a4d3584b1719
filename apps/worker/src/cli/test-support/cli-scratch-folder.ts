// An in-process command line for tests that run in one scratch folder. Not exported from the app.
import { EventEmitter } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { SignalSource } from "../../shutdown/watch-shutdown-signals.js";
import { runCli } from "../run-cli.js";
import type { Ran } from "./run-in-process.js";

/** What a test may change about one in-process run; the rest is the worker's defaults. */
export interface CliRunOptions {
  /** The folder to run in (and resolve paths from); the scratch folder when left out. */
  readonly cwd?: string;
  /** Where the run listens for SIGINT and SIGTERM; a fresh emitter nobody fires when left out. */
  readonly signals?: SignalSource;
  /** Called with each chunk printed to stdout, as it is printed, so a test can act at that point. */
  readonly onLine?: (line: string) => void;
  readonly env?: Record<string, string>;
  /** How the worker ends the process; left out, trying to is a test failure. */
  readonly exit?: (code: number) => void;
}

/** A test file's scratch folder, and the command line running in it. */
export interface CliScratchFolder {
  /** The folder's path: set once the file's `beforeAll` hooks have run. */
  readonly folder: string;
  /** Runs the command line in this process, on the mock provider (no keys) and PGlite. */
  cli(argv: string[], options?: CliRunOptions): Promise<Ran>;
}

/**
 * Makes a scratch folder before the calling test file's tests and removes it after them. Runs
 * made through `cli` share it, so a later test reads what an earlier one recorded there.
 */
export function cliScratchFolder(): CliScratchFolder {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-worker-cli-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  return {
    get folder() {
      return folder;
    },
    async cli(argv, options = {}) {
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
    },
  };
}
