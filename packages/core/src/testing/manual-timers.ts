import type { Clock, Timers } from "../dispatch/dispatcher-options.js";

interface PendingTimer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A clock and timers that move only when a test says so: inject both into a dispatcher, then
 * `advance(ms)` to fire the timeouts and back-offs that fall due, in order. No real waiting.
 *
 * @example
 * const time = new ManualTimers();
 * const dispatcher = new JobDispatcher({ clock: time, timers: time });
 * time.advance(30_000); // fires a 30 s timeout now
 */
export class ManualTimers implements Clock, Timers {
  #now: number;
  #nextId = 1;
  #pending: PendingTimer[] = [];

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), callback };
    this.#pending.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.#pending = this.#pending.filter((timer) => timer.id !== handle);
  }

  /** Delays of the timers still pending, soonest first. */
  pendingDelays(): number[] {
    return this.#pending.map((timer) => timer.at - this.#now).sort((a, b) => a - b);
  }

  /** The delay of the soonest pending timer, or `undefined` when none is pending. */
  nextDelay(): number | undefined {
    const next = this.#soonest();
    return next === undefined ? undefined : next.at - this.#now;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = this.#soonest();
      if (due === undefined || due.at > end) break;
      this.#pending = this.#pending.filter((timer) => timer !== due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = end;
  }

  /** The pending timer that fires first (ties: the one set first), found without sorting. */
  #soonest(): PendingTimer | undefined {
    let soonest: PendingTimer | undefined;
    for (const timer of this.#pending)
      if (
        soonest === undefined ||
        timer.at < soonest.at ||
        (timer.at === soonest.at && timer.id < soonest.id)
      )
        soonest = timer;
    return soonest;
  }
}
