import type { CliIo } from "../cli-io.js";

/** Resolves at the first SIGTERM or SIGINT (from `io.signals`, else the process). */
export function untilSignalled(io: CliIo): Promise<void> {
  const signals = io.signals ?? process;
  return new Promise((resolve) => {
    const stop = (): void => {
      signals.off("SIGTERM", stop);
      signals.off("SIGINT", stop);
      resolve();
    };
    signals.on("SIGTERM", stop);
    signals.on("SIGINT", stop);
  });
}
