import type { SeatRequest, SeatReservation } from "../admission/admission.js";
import type { TokenUsage } from "../admission/token-usage.js";
import type { JobResources } from "../jobs/job-context.js";
import type { ThrottleSignal } from "../errors/retry-signals.js";
import { SystemError } from "../errors/system-error.js";
import type { DispatchCore } from "./dispatch-core.js";
import type { LifecycleEvent } from "./run-placement.js";

/**
 * The job whose seats are held: how to ask for them, and how to report a seat's coming and
 * going in its lineage. @internal
 */
export interface SeatOwner {
  readonly jobId: string;
  /** Aborts a wait for a seat (read only when a seat must wait). */
  readonly signal: AbortSignal;
  /** Whether the job has ended (finished, failed or cancelled). */
  readonly ended: boolean;
  /** Sends a `seat.reserved` or `seat.settled` event with the job's lineage. */
  emitLifecycle(event: LifecycleEvent): void;
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
 * whole — whether the attempt succeeded, threw, was retried, timed out or was cancelled — and
 * each seat's reservation and return is reported as an event of the owner's, when anyone listens.
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
  // The dispatcher rather than its admission alone: the events, clock and logger come with it
  // in the same one field.
  constructor(
    private readonly core: DispatchCore,
    private readonly owner: SeatOwner,
  ) {}

  /**
   * Takes the seats the admission grants at once, in order, until one would have to wait (or
   * the job ended on an observer's word); answers how many it took. Most seats fit at once:
   * they skip a promise per seat.
   */
  takeNow(requests: readonly SeatRequest[]): number {
    const admission = this.core.admission!;
    if (admission.reserveNow === undefined) return 0;
    let granted = 0;
    while (granted < requests.length) {
      const request = requests[granted]!;
      const seat = admission.reserveNow(request, { jobId: this.owner.jobId });
      if (seat === undefined) break;
      this.hold(seat);
      granted += 1;
      this.#reserved(seat, request, undefined);
      if (this.owner.ended) break;
    }
    return granted;
  }

  /** Waits for the seats from `from` on, in order. */
  async take(requests: readonly SeatRequest[], from: number): Promise<void> {
    for (let index = from; index < requests.length; index++) {
      const request = requests[index]!;
      // Read only when an observer will hear how long the wait took: a clock read is not free.
      const waitStart = this.core.events.active ? this.core.clock.now() : undefined;
      const seat = await this.core.admission!.reserve(request, {
        signal: this.owner.signal,
        jobId: this.owner.jobId,
      });
      this.hold(seat);
      if (this.owner.ended) return;
      this.#reserved(seat, request, waitStart);
    }
  }

  /** Reports a granted seat, after waiting since `waitStart` (`undefined`: granted at once, or nobody asked). */
  #reserved(seat: SeatReservation, request: SeatRequest, waitStart: number | undefined): void {
    if (!this.core.events.active) return;
    this.owner.emitLifecycle({
      type: "seat.reserved",
      seatId: seat.id,
      grade: request.grade ?? null,
      entryId: seat.entryId ?? request.entryId ?? null,
      inputTokens: request.inputTokens,
      maxOutputTokens: request.maxOutputTokens,
      waitedMs: waitStart === undefined ? 0 : this.core.clock.now() - waitStart,
    });
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
    const admission = this.core.admission!;
    let cooled = false;
    try {
      if (usage) admission.settle(seat, usage);
      else if (throttle && admission.throttled)
        cooled = admission.throttled(seat, throttle.retryAfterMs) === true;
      else admission.release(seat);
    } catch (error) {
      this.core.report("admission failed to take a seat back", error, { jobId: this.owner.jobId });
    }
    if (this.core.events.active)
      this.owner.emitLifecycle({
        type: "seat.settled",
        seatId: seat.id,
        outcome: usage ? "settled" : "released",
        usage,
      });
    return cooled;
  }
}
