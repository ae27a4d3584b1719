/**
 * Moving `ManualTimers` through virtual time while promise work keeps up: shared admission
 * answers arrive on later microtasks, so every timer must see the work of the ones before it.
 * Used by the shared load simulation and the shared admission's tests. Plain erasable
 * TypeScript: Node runs it directly in the benchmark.
 */
import type { ManualTimers } from "@nucleo/core/testing";

/** Lets every pending promise callback run, however long its chain: one macrotask turn, no virtual time. */
export function settlePromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Advances `time` by `ms`, firing due timers one instant at a time and settling promise work after each. */
export async function runFor(time: ManualTimers, ms: number): Promise<void> {
  const end = time.now() + ms;
  for (;;) {
    await settlePromises();
    const next = time.pendingDelays()[0];
    if (next === undefined || time.now() + next > end) break;
    time.advance(next);
  }
  time.advance(end - time.now());
  await settlePromises();
}
