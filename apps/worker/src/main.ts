import { runCli } from "./cli/run-cli.js";
import { watchForClosedPipe } from "./process/watch-for-closed-pipe.js";

// A reader that went away (`nucleo examples | head -1`) stops the output, not the work.
let stdoutOpen = true;
watchForClosedPipe(process.stdout, () => {
  stdoutOpen = false;
});

// Under `pnpm start` (and so `pnpm worker`) the script runs in the package's folder, and
// INIT_CWD is the folder pnpm was started in (for `pnpm worker`, the repository's root, where
// the root script runs): relative --config and --input @file paths mean that folder. Run any
// other way (node dist/main.js, the bin), an INIT_CWD inherited from an unrelated pnpm would
// mislead, so it is used only when this package's own script is running.
const underOwnScript =
  process.env.npm_package_name === "@nucleo/worker" && process.env.INIT_CWD !== undefined;

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => {
    if (stdoutOpen) process.stdout.write(`${text}\n`);
  },
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  cwd: process.cwd(),
  callerCwd: underOwnScript ? process.env.INIT_CWD! : process.cwd(),
  // Progress bars only on a terminal: a file, a pipe or a CI log gets none of their control codes.
  logStream: process.stderr,
  ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
});
