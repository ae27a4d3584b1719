/** One amount booked in a {@link RollingWindow}. @internal */
export interface WindowBooking {
  readonly at: number;
  amount: number;
  live: boolean;
}

/**
 * A budget of `limit` per `windowMs` that frees continuously as past use ages out: a booking
 * made at `t` counts against every window that contains `t`. Unlike a classic token bucket,
 * which lets a full bucket plus a minute of refill through within one minute (twice the limit),
 * this never admits more than `limit` in any window — which is what providers enforce.
 *
 * @internal
 */
export class RollingWindow {
  #bookings: WindowBooking[] = [];
  #head = 0;
  #sum = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number = 60_000,
  ) {}

  /** What the window holds at `now`. */
  used(now: number): number {
    this.#expire(now);
    return this.#sum;
  }

  /** Milliseconds from `now` until `amount` fits; 0 when it fits now, Infinity when it never can. */
  waitMs(amount: number, now: number): number {
    if (amount > this.limit) return Number.POSITIVE_INFINITY;
    this.#expire(now);
    let excess = this.#sum + amount - this.limit;
    if (excess <= 0) return 0;
    for (let index = this.#head; index < this.#bookings.length; index++) {
      const booking = this.#bookings[index]!;
      if (!booking.live) continue;
      excess -= booking.amount;
      if (excess <= 0) return booking.at + this.windowMs - now;
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Books `amount` at `now`; the caller has checked that it fits. */
  book(amount: number, now: number): WindowBooking {
    this.#expire(now);
    const booking: WindowBooking = { at: now, amount, live: true };
    this.#bookings.push(booking);
    this.#sum += amount;
    return booking;
  }

  /** Replaces a booking's amount with what was really used (if it is still in the window). */
  adjust(booking: WindowBooking, amount: number): void {
    if (!booking.live) return;
    this.#sum += amount - booking.amount;
    booking.amount = amount;
  }

  /** Removes a booking whole: the call never happened. */
  cancel(booking: WindowBooking): void {
    if (!booking.live) return;
    this.#sum -= booking.amount;
    booking.amount = 0;
    booking.live = false;
  }

  #expire(now: number): void {
    const cutoff = now - this.windowMs;
    const bookings = this.#bookings;
    while (this.#head < bookings.length && bookings[this.#head]!.at <= cutoff) {
      const booking = bookings[this.#head++]!;
      if (booking.live) this.#sum -= booking.amount;
      booking.live = false;
    }
    if (this.#head > 1024 && this.#head * 2 > bookings.length) {
      this.#bookings = bookings.slice(this.#head);
      this.#head = 0;
    }
  }
}
