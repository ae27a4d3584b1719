import type { Worker } from "../compose/worker.js";

/** Where signals come from: `process` by default, an emitter in tests. */
export interface SignalSource {
  on(signal: "SIGTERM" | "SIGINT", listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: "SIGTERM" | "SIGINT", listener: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * Graceful shutdown: on the first SIGTERM or SIGINT the worker takes no new work and its
 * running workflows may finish within the config's grace period, after which they are
 * cancelled; a second signal cancels them at once. The caller then closes the worker, which
 * writes everything recorded and stops the mock provider. A third signal is for a recorder
 * that cannot write (its database is away): the worker gives up on the events not yet written,
 * says how many, and closes. Returns the function that stops watching (signals then have their
 * default effect again).
 */
export function watchShutdownSignals(
  worker: Worker,
  say: (line: string) => void,
  signals: SignalSource = process,
): () => void {
  let received = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    received += 1;
    if (received === 1) {
      const graceMs = worker.config.shutdown.graceMs;
      say(
        `Received ${signal}: taking no new work; ${worker.running} running workflow(s) may finish within ${graceMs} ms, then they are cancelled.`,
      );
    } else if (received === 2) {
      say(`Received ${signal} again: cancelling ${worker.running} running workflow(s) now.`);
    } else {
      worker.cancelRunning(`${signal} received a third time`);
      const lost = worker.abandonRecording(`${signal} received a third time`);
      say(
        `Received ${signal} a third time: giving up on ${lost} event(s) the recorder has not written.`,
      );
      return;
    }
    worker.stopTakingWork();
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  return () => {
    signals.off("SIGTERM", onSignal);
    signals.off("SIGINT", onSignal);
  };
}
