import { WorkerError } from "../worker-error.js";
import type { SignalSource } from "./watch-shutdown-signals.js";

/** What {@link watchStartupSignals} hands back. */
export interface StartupSignals {
  /** Aborted by the first SIGTERM or SIGINT; its `reason` is the {@link WorkerError} the start stops with. */
  readonly signal: AbortSignal;
  /** Stops watching (signals then have their default effect again). Safe to call twice. */
  stop(): void;
}

/**
 * Watches SIGTERM and SIGINT while the worker starts, before anything is opened. Without it a
 * signal during the start (the first PGlite folder takes seconds to create) would kill the
 * process with the folder's lock still on disk. The first signal aborts `signal`: the start
 * then stops after the step under way — opening a database is not cut short, so a PGlite
 * folder is never left half-made — closes what it opened and fails with a `shutting_down`
 * {@link WorkerError} (exit status 0, as after any graceful shutdown). Later signals only say
 * that the start is still stopping.
 *
 * Hand over to `watchShutdownSignals` in the same synchronous stretch as {@link StartupSignals.stop},
 * so no signal falls between the two.
 *
 * @example
 * const starting = watchStartupSignals(io.stdout);
 * try {
 *   worker = await Worker.start({ config, signal: starting.signal });
 * } finally {
 *   starting.stop();
 * }
 */
export function watchStartupSignals(say: (line: string) => void, signals: SignalSource = process): StartupSignals {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      say(`Received ${signal} again while starting: still stopping; the step under way ends first, so nothing it opens is left half-made.`);
      return;
    }
    say(`Received ${signal} while starting: stopping after the step under way, then closing what the start opened; no workflow will run.`);
    controller.abort(
      new WorkerError({ code: "shutting_down", message: `Stopped by ${signal} while starting: no workflow ran, and everything the start had opened is closed.` }),
    );
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  let watching = true;
  return {
    signal: controller.signal,
    stop: () => {
      if (!watching) return;
      watching = false;
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
  throw new WorkerError({ code: "shutting_down", message: "The worker's start was stopped before any workflow ran.", cause: signal.reason });
}
