import type { CliIo } from "./cli-io.js";
import { buildProgram } from "./build-program.js";
import type { CliState } from "./cli-state.js";
import { watchStartupSignals } from "../shutdown/watch-startup-signals.js";
import { reportFailure } from "./report-failure.js";

export type { CliIo, ProgressStream } from "./cli-io.js";

/**
 * The `nucleo` command: parses `argv` (see `buildProgram` for the commands), runs the command
 * and resolves to the exit status — 0 done (a graceful shutdown included, also one that stopped
 * the start), 1 a workflow, a query or the benchmark failed, or the recorder could not be
 * opened or refused a write, 2 bad usage, config, catalog, workflow name or input. A signal
 * during the start may instead end the process at once through `io.exit` (see
 * `watchStartupSignals`): 0 when a server's open was cut short, 1 on a third signal.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: console.log, stderr: console.error, env: process.env, cwd: process.cwd(), callerCwd: process.cwd() });
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // `pnpm worker -- run ...` may hand the separator on: a leading one is not an end of options.
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  // With --json stdout is the answer alone: notices go to stderr.
  const say = args.includes("--json") ? io.stderr : io.stdout;
  // Watched before anything is parsed or opened: a signal killing the process mid-open would
  // leave the PGlite folder's lock behind.
  const state: CliState = {
    code: 0,
    scrub: (text) => text,
    starting: watchStartupSignals(say, { signals: io.signals, exit: io.exit }),
  };
  const program = buildProgram(io, state);
  try {
    await program.parseAsync(args, { from: "user" });
    return state.code;
  } catch (error) {
    return reportFailure(error, io, {
      program,
      args,
      scrub: state.scrub,
      stack: args.includes("--stack"),
    });
  } finally {
    state.starting.stop();
  }
}
