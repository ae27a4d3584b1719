import type { ManualTimers } from "./manual-timers.js";

/**
 * Lets every pending promise callback run, however long its chain: one turn of the event loop
 * (`setImmediate`), no virtual time. For code whose answers arrive on later microtasks.
 */
export function settlePromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Advances `time` by `ms`, firing due timers one instant at a time and settling promise work
 * after each, so every timer sees what the ones before it started (an admission answering
 * asynchronously, say). `time.advance` alone fires them all in one go.
 *
 * @example
 * const time = new ManualTimers();
 * const admission = new CatalogAdmission({ catalog, clock: time, timers: time, shared });
 * await runFor(time, 60_000); // a minute of virtual time, promise work keeping up
 */
export async function runFor(time: ManualTimers, ms: number): Promise<void> {
  const end = time.now() + ms;
  for (;;) {
    await settlePromises();
    const next = time.nextDelay();
    if (next === undefined || time.now() + next > end) break;
    time.advance(next);
  }
  time.advance(end - time.now());
  await settlePromises();
}
