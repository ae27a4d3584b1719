import type { SeatLoad } from "./limit-pace.js";
import type { SeatWaiter } from "./seat-waiter.js";

/**
 * One entry's waiting seats in FIFO order, with what they hold together kept as they come and
 * go, so the picker can weigh a queue by its load at no cost per seat.
 *
 * @internal
 */
export class SeatQueue implements SeatLoad {
  #waiters: SeatWaiter[] = [];
  requests = 0;
  inputTokens = 0;
  outputTokens = 0;

  /** How many seats wait. */
  get length(): number {
    return this.#waiters.length;
  }

  /** The seat granted next, if any. */
  head(): SeatWaiter | undefined {
    return this.#waiters[0];
  }

  /** The first `count` seats, head first. */
  first(count: number): SeatWaiter[] {
    return this.#waiters.slice(0, count);
  }

  /** Whether `waiter` still waits here. */
  has(waiter: SeatWaiter): boolean {
    return this.#waiters.includes(waiter);
  }

  /** Adds a seat at the back. */
  push(waiter: SeatWaiter): void {
    this.#waiters.push(waiter);
    this.#count(waiter, 1);
  }

  /** Takes the head out to grant it. */
  shift(): SeatWaiter | undefined {
    const waiter = this.#waiters.shift();
    if (waiter) this.#count(waiter, -1);
    return waiter;
  }

  /** Takes an aborted seat out from wherever it waits; answers where it was (-1: not here). */
  remove(waiter: SeatWaiter): number {
    const index = this.#waiters.indexOf(waiter);
    if (index >= 0) {
      this.#waiters.splice(index, 1);
      this.#count(waiter, -1);
    }
    return index;
  }

  #count(waiter: SeatWaiter, sign: 1 | -1): void {
    this.requests += sign;
    this.inputTokens += sign * waiter.demand.inputTokens;
    this.outputTokens += sign * waiter.demand.outputTokens;
  }
}
