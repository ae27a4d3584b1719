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

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = this.#pending.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#pending = this.#pending.filter((timer) => timer !== due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = end;
  }
}
