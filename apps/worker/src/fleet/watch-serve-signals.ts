import type { FleetServer } from "@nucleo/fleet";
import type { Worker } from "../compose/worker.js";
import type { SignalSource } from "../shutdown/watch-shutdown-signals.js";

/** What the first signal starts: the drain, which resolves once every slot has stopped. */
export interface ServeShutdown {
  /** Resolves when a signal came and the drain it began has ended. */
  readonly drained: Promise<void>;
  /**
   * Resolves on the third signal: the operator will not wait for a database that is away, so
   * whoever waits for the queue to drain or close stops waiting (its calls die with the process).
   */
  readonly abandoned: Promise<void>;
  /** Whether a signal came. */
  readonly stopping: () => boolean;
  /** Stops watching: signals have their default effect again. */
  readonly stop: () => void;
}

/**
 * Graceful shutdown of a worker serving the queue: the first SIGTERM or SIGINT drains — the
 * server takes nothing new, and what runs may finish within the config's grace period, after
 * which it is cancelled and handed back to the queue for another worker. A second signal hands
 * back at once. A third is for a recorder that cannot write (its database is away): the worker
 * gives up on the events not yet written and says how many.
 */
export function watchServeSignals(
  server: FleetServer,
  worker: Worker,
  say: (line: string) => void,
  signals: SignalSource = process,
): ServeShutdown {
  let received = 0;
  let markDrained!: () => void;
  const drained = new Promise<void>((resolve) => (markDrained = resolve));
  let markAbandoned!: () => void;
  const abandoned = new Promise<void>((resolve) => (markAbandoned = resolve));
  const onSignal = (signal: NodeJS.Signals): void => {
    received += 1;
    if (received === 1) {
      const graceMs = worker.config.shutdown.graceMs;
      say(
        `Received ${signal}: taking no new workflows; ${server.running} running may finish within ${graceMs} ms, then they are handed back to the queue.`,
      );
      void server.drain(graceMs).then(markDrained, markDrained);
    } else if (received === 2) {
      say(`Received ${signal} again: handing ${server.running} running workflow(s) back now.`);
      void server.drain(0);
    } else {
      const lost = worker.abandonRecording(`${signal} received a third time`);
      say(
        `Received ${signal} a third time: giving up on ${lost} event(s) the recorder has not written.`,
      );
      markAbandoned();
    }
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  return {
    drained,
    abandoned,
    stopping: () => received > 0,
    stop: () => {
      signals.off("SIGTERM", onSignal);
      signals.off("SIGINT", onSignal);
    },
  };
}
