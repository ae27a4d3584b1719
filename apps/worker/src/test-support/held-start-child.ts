// Run in a child process by startup-signals-in-a-process.test.ts: a start that has opened the
// recorder's PGlite folder (taking its lock) and never finishes its step — as an open waiting on
// something would — watching signals as the worker's start does, with the real process.exit.
import { openRecorder, recorderOpeningStep } from "../compose/recorder-setup.js";
import { watchStartupSignals } from "../shutdown/watch-startup-signals.js";

const location = { pgliteDir: process.argv[2] ?? ".nucleo/pglite", cwd: process.cwd() };
const starting = watchStartupSignals((line) => process.stdout.write(`${line}\n`));
// Nothing else keeps the process alive while the step waits.
setInterval(() => {}, 1 << 30);
await starting.during(recorderOpeningStep(location), async () => {
  await openRecorder(location);
  process.stdout.write("opened: the folder is locked, and the step never ends\n");
  await new Promise<never>(() => {});
});
