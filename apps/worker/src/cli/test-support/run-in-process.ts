import { EventEmitter } from "node:events";
import type { CliIo } from "../cli-io.js";
import { runCli } from "../run-cli.js";

/** What one in-process run of the command printed, and its status. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `nucleo` in this process in `cwd` (no keys, no DATABASE_URL unless `io` gives them), capturing its output. */
export async function nucleo(
  cwd: string,
  argv: readonly string[],
  io: Partial<CliIo> = {},
): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: {},
    cwd,
    callerCwd: cwd,
    signals: new EventEmitter(),
    exit: (status) => {
      throw new Error(`the command tried to end the process with status ${status}`);
    },
    ...io,
  });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}
