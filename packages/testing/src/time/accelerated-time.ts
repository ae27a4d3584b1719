import type { Clock, Timers } from "@nucleo/core";

/** A clock and timers that share one virtual time running faster than the real one. */
export interface AcceleratedTime {
  /** Virtual epoch milliseconds: the start plus real elapsed time × factor. */
  readonly clock: Clock;
  /** Timers whose delays are virtual: `ms` of virtual time fire after `ms / factor` real ms. */
  readonly timers: Timers;
  readonly factor: number;
}

/**
 * Time that runs `factor` times faster than real time, for tests where real sockets meet long
 * waits: give the same clock to a `MockProviderServer`'s limits and the clock and timers
 * to the code under test, and a minute-long rate-limit window passes in a fraction of a second
 * while every retry-after and back-off keeps its virtual length.
 *
 * @example
 * const time = acceleratedTime(600); // one virtual minute per real 100 ms
 * const server = await MockProviderServer.start({ limits: { requestsPerMinute: 2 }, clock: time.clock });
 * const dispatcher = new JobDispatcher({ clock: time.clock, timers: time.timers });
 */
export function acceleratedTime(factor: number, start: number = Date.now()): AcceleratedTime {
  if (!Number.isFinite(factor) || factor <= 0)
    throw new RangeError(`acceleratedTime needs a positive, finite factor; got ${factor}.`);
  const realStart = performance.now();
  const clock: Clock = { now: () => start + (performance.now() - realStart) * factor };
  return {
    factor,
    clock,
    timers: {
      setTimeout(callback, ms) {
        const due = clock.now() + Math.max(0, ms);
        const handle: { timer?: ReturnType<typeof setTimeout> } = {};
        // Node may fire a timer a fraction of a millisecond early; at a large factor that is whole
        // virtual seconds, so re-arm until the virtual clock has really reached the due time.
        const arm = (): void => {
          handle.timer = setTimeout(
            () => (clock.now() >= due ? callback() : arm()),
            (due - clock.now()) / factor,
          );
        };
        arm();
        return handle;
      },
      clearTimeout(handle) {
        clearTimeout((handle as { timer?: ReturnType<typeof setTimeout> } | undefined)?.timer);
      },
    },
  };
}
