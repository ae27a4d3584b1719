import { WorkerError } from "../worker-error.js";
import type { SignalSource } from "./watch-shutdown-signals.js";

/** A step of the start that may take long (opening the recorder's database), for what signals say and do while it runs. */
export interface StartupStep {
  /** What it does, as a phrase: `opening the recorder's database, PostgreSQL at postgres://app:***@db/nucleo`. */
  readonly doing: string;
  /**
   * True when ending the process in the middle of the step leaves nothing half-made: a
   * connection to a PostgreSQL server, whose uncommitted work (a migration included) the server
   * rolls back when the connection drops. The first signal then ends the process at once, rather
   * than waiting for the step (a connect waits up to 10 s, the migrations' lock much longer).
   */
  readonly interruptible: boolean;
  /** What ending the process in the middle of the step leaves behind, told when a signal forces it. */
  readonly leavesBehind?: string;
}

/** What {@link watchStartupSignals} watches with. */
export interface StartupSignalOptions {
  /** Where signals come from (default `process`). */
  readonly signals?: SignalSource;
  /**
   * Ends the process at once with a status (default `process.exit`, which runs the process's
   * `exit` handlers: a PGlite folder's lock is released there, as when any process exits
   * without closing). Replaced in tests.
   */
  readonly exit?: (code: number) => void;
}

/** What {@link watchStartupSignals} hands back. */
export interface StartupSignals {
  /** Aborted by the first SIGTERM or SIGINT; its `reason` is the {@link WorkerError} the start stops with. */
  readonly signal: AbortSignal;
  /** Runs one long step of the start (see {@link StartupStep}), so that a signal during it knows what it interrupts. */
  during<T>(step: StartupStep, work: () => Promise<T>): Promise<T>;
  /** Stops watching (signals then have their default effect again). Safe to call twice. */
  stop(): void;
}

/** The status a third signal during the start ends the process with: the start was abandoned. */
export const ABANDONED_START_STATUS = 1;

/**
 * Watches SIGTERM and SIGINT while the worker starts, before anything is opened. Without it a
 * signal during the start (the first PGlite folder takes seconds to create) would kill the
 * process with the folder's lock still on disk. The first signal aborts `signal`: the start
 * then stops after the step under way — opening a PGlite folder is not cut short, so it is never
 * left half-made — closes what it opened and fails with a `shutting_down` {@link WorkerError}
 * (exit status 0, as after any graceful shutdown). During a step that leaves nothing half-made
 * when cut short (connecting to a PostgreSQL server and migrating it: see
 * {@link StartupStep.interruptible}) the first signal ends the process at once, status 0. A
 * second signal says the start is still stopping; a third ends the process at once with status
 * {@link ABANDONED_START_STATUS}, saying what it abandoned — as the run's third signal gives up
 * on what the recorder has not written. The process's `exit` handlers still run, so a PGlite
 * folder's lock is released.
 *
 * Hand over to `watchServeSignals` in the same synchronous stretch as {@link StartupSignals.stop},
 * so no signal falls between the two.
 *
 * @example
 * const starting = watchStartupSignals(io.stdout);
 * try {
 *   worker = await Worker.start({ config, signal: starting.signal, during: starting.during });
 * } finally {
 *   starting.stop();
 * }
 */
export function watchStartupSignals(
  say: (line: string) => void,
  options: StartupSignalOptions = {},
): StartupSignals {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const controller = new AbortController();
  let received = 0;
  let step: StartupStep | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    received += 1;
    if (!controller.signal.aborted) {
      controller.abort(
        new WorkerError({
          code: "shutting_down",
          message: `Stopped by ${signal} while starting: no workflow ran, and everything the start had opened is closed.`,
        }),
      );
    }
    if (step?.interruptible === true) {
      say(
        `Received ${signal} while ${step.doing}: stopping at once, since cutting it short leaves nothing half-made (the server rolls back what was not committed); no workflow ran.`,
      );
      exit(0);
    } else if (received === 1) {
      say(
        `Received ${signal} while starting: stopping after the step under way, then closing what the start opened; no workflow will run.`,
      );
    } else if (received === 2) {
      say(
        `Received ${signal} again while starting: still stopping; the step under way ends first, so nothing it opens is left half-made. A third signal ends the process at once.`,
      );
    } else {
      const abandoned =
        step === undefined
          ? "the start"
          : `${step.doing}${step.leavesBehind === undefined ? "" : `: ${step.leavesBehind}`}`;
      say(
        `Received ${signal} a third time while starting: ending the process at once with status ${ABANDONED_START_STATUS}, abandoning ${abandoned}.`,
      );
      exit(ABANDONED_START_STATUS);
    }
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  let watching = true;
  return {
    signal: controller.signal,
    during: async (current, work) => {
      step = current;
      try {
        return await work();
      } finally {
        if (step === current) step = undefined;
      }
    },
    stop: () => {
      if (!watching) return;
      watching = false;
      step = undefined;
      signals.off("SIGTERM", onSignal);
      signals.off("SIGINT", onSignal);
    },
  };
}

/**
 * Throws the start's stop reason once a signal has aborted it; a no-op otherwise.
 *
 * @throws {WorkerError} `shutting_down`, naming the signal.
 */
export function stopIfSignalled(signal: AbortSignal | undefined): void {
  if (signal?.aborted !== true) return;
  if (WorkerError.isInstance(signal.reason)) throw signal.reason;
  throw new WorkerError({
    code: "shutting_down",
    message: "The worker's start was stopped before any workflow ran.",
    cause: signal.reason,
  });
}
