import type { Admission, SeatRequest, SeatReservation } from "../admission/admission.js";
import type { TokenUsage } from "../admission/token-usage.js";
import type { JobResources } from "../jobs/job-context.js";
import type { ThrottleSignal } from "../errors/retry-signals.js";
import { SystemError } from "../errors/system-error.js";

/** The job whose seats are held: how to ask for them, and who is told when one comes or goes. @internal */
export interface SeatOwner {
  readonly jobId: string;
  /** Aborts a wait for a seat (read only when a seat must wait). */
  readonly signal: AbortSignal;
  /** Whether the job has ended (finished, failed or cancelled). */
  readonly ended: boolean;
  /** The time a wait starts, when anyone would be told how long it took; else `undefined`. */
  waitStarted(): number | undefined;
  /** A seat was granted, after waiting since `waitStart` (`undefined`: granted at once, or nobody asked). */
  seatReserved(seat: SeatReservation, request: SeatRequest, waitStart: number | undefined): void;
  /** A seat went back: settled with `usage`, or released whole (`null`). */
  seatReturned(seat: SeatReservation, usage: TokenUsage | null): void;
  /** The admission threw while taking a seat back. */
  admissionFailed(error: unknown): void;
}

const NO_SEATS: readonly SeatReservation[] = Object.freeze([]);

/** What a job that asked for no seats is handed (an orchestrator, a tool without requirements). @internal */
export const NO_RESOURCES: JobResources = Object.freeze({
  seats: NO_SEATS,
  recordUsage(): void {
    throw new SystemError({
      code: "unknown_seat",
      message: "This job holds no seats: it asked for none in requirements().",
    });
  },
});

/**
 * The seats one attempt holds, handed to the tool as its {@link JobResources}. Every seat is
 * returned to admission exactly once: settled with the usage the tool recorded, or released
 * whole — whether the attempt succeeded, threw, was retried, timed out or was cancelled.
 *
 * @internal
 */
export class HeldSeats implements JobResources {
  // Replaced as seats are granted, sized exactly: a job holds a seat or two, for thousands of
  // calls in flight at once.
  seats: readonly SeatReservation[] = NO_SEATS;
  // Recorded usage by seat position, made when the first usage is: a Map per job weighed more
  // than everything else it holds.
  #usage: Array<TokenUsage | undefined> | undefined;
  #returned = false;

  // An owner object rather than two callbacks: two closures per model call, for thousands of
  // calls in flight, weighed more than the seats themselves.
  constructor(
    private readonly admission: Admission,
    private readonly owner: SeatOwner,
  ) {}

  /**
   * Takes the seats the admission grants at once, in order, until one would have to wait (or
   * the job ended on an observer's word); answers how many it took. Most seats fit at once:
   * they skip a promise per seat.
   */
  takeNow(requests: readonly SeatRequest[]): number {
    if (this.admission.reserveNow === undefined) return 0;
    let granted = 0;
    while (granted < requests.length) {
      const request = requests[granted]!;
      const seat = this.admission.reserveNow(request, { jobId: this.owner.jobId });
      if (seat === undefined) break;
      this.hold(seat);
      granted += 1;
      this.owner.seatReserved(seat, request, undefined);
      if (this.owner.ended) break;
    }
    return granted;
  }

  /** Waits for the seats from `from` on, in order. */
  async take(requests: readonly SeatRequest[], from: number): Promise<void> {
    for (let index = from; index < requests.length; index++) {
      const request = requests[index]!;
      const waitStart = this.owner.waitStarted();
      const seat = await this.admission.reserve(request, {
        signal: this.owner.signal,
        jobId: this.owner.jobId,
      });
      this.hold(seat);
      if (this.owner.ended) return;
      this.owner.seatReserved(seat, request, waitStart);
    }
  }

  /** Adds a granted seat; one granted after the attempt ended goes straight back. */
  hold(seat: SeatReservation): void {
    if (this.#returned) this.#giveBack(seat);
    // Built to size (a spread or a push leaves room for sixteen more).
    else this.seats = this.seats.length === 0 ? [seat] : this.seats.concat([seat]);
  }

  recordUsage(seat: SeatReservation, usage: TokenUsage): void {
    const index = this.seats.indexOf(seat);
    if (index < 0) {
      throw new SystemError({
        code: "unknown_seat",
        message: `Seat ${String(seat?.id)} is not held by this job's attempt.`,
      });
    }
    (this.#usage ??= new Array<TokenUsage | undefined>(this.seats.length))[index] = usage;
  }

  /**
   * Returns every seat to admission; idempotent. After a throttle, seats without recorded
   * usage go back through `admission.throttled` so the entry cools down. Answers whether the
   * admission took over the cooldown for every seat (then the dispatcher need not back off).
   */
  returnAll(throttle?: ThrottleSignal): boolean {
    if (this.#returned) return false;
    this.#returned = true;
    let cooledByAdmission = throttle !== undefined && this.seats.length > 0;
    for (const seat of this.seats)
      cooledByAdmission = this.#giveBack(seat, throttle) && cooledByAdmission;
    return cooledByAdmission;
  }

  /** Returns one seat; true when admission took over a throttle's cooldown for it. */
  #giveBack(seat: SeatReservation, throttle?: ThrottleSignal): boolean {
    const index = this.seats.indexOf(seat);
    const usage = (index >= 0 ? this.#usage?.[index] : undefined) ?? null;
    let cooled = false;
    try {
      if (usage) this.admission.settle(seat, usage);
      else if (throttle && this.admission.throttled)
        cooled = this.admission.throttled(seat, throttle.retryAfterMs) === true;
      else this.admission.release(seat);
    } catch (error) {
      this.owner.admissionFailed(error);
    }
    this.owner.seatReturned(seat, usage);
    return cooled;
  }
}
