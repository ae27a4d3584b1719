import type {
  Admission,
  ReserveOptions,
  SeatRequest,
  SeatReservation,
} from "../admission/admission.js";
import type { TokenUsage } from "../admission/token-usage.js";

/** How one seat went back to a {@link RecordingAdmission}. */
export interface ReturnedSeat {
  readonly seat: SeatReservation;
  readonly outcome: "settled" | "released" | "throttled";
  readonly usage: TokenUsage | null;
}

/**
 * An admission test double that grants every seat and records everything: what was asked,
 * what is held now, how each seat came back. It throws on a seat returned twice or one it
 * never granted, so a test fails loudly when the dispatcher mishandles a reservation.
 * `hold()` makes reservations wait until `releaseWaiting()` — for cancellation tests.
 */
export class RecordingAdmission implements Admission {
  readonly requests: SeatRequest[] = [];
  readonly returned: ReturnedSeat[] = [];
  /** What `throttled` answers: whether this admission takes over the cooldown. */
  coolsDown = false;
  /** The retry-after of each throttled seat, in order. */
  readonly throttles: Array<number | undefined> = [];
  readonly #held = new Set<SeatReservation>();
  #nextId = 1;
  #waiting: Array<() => void> = [];
  #holding = false;

  /** Seats granted and not yet settled or released. */
  get held(): number {
    return this.#held.size;
  }

  /** Makes later reservations wait (honouring their signal) until `releaseWaiting()`. */
  hold(): void {
    this.#holding = true;
  }

  /** Grants every waiting reservation and stops holding. */
  releaseWaiting(): void {
    this.#holding = false;
    for (const grant of this.#waiting.splice(0)) grant();
  }

  async reserve(request: SeatRequest, options: ReserveOptions): Promise<SeatReservation> {
    this.requests.push(request);
    if (this.#holding) {
      await new Promise<void>((resolve, reject) => {
        if (options.signal.aborted) return reject(options.signal.reason);
        options.signal.addEventListener("abort", () => reject(options.signal.reason), {
          once: true,
        });
        this.#waiting.push(resolve);
      });
    }
    const seat: SeatReservation = {
      id: `seat-${this.#nextId++}`,
      request,
      entryId: request.entryId ?? `entry-for-${request.grade ?? "unknown"}`,
    };
    this.#held.add(seat);
    return seat;
  }

  settle(seat: SeatReservation, usage: TokenUsage): void {
    this.#return(seat, "settled", usage);
  }

  release(seat: SeatReservation): void {
    this.#return(seat, "released", null);
  }

  /** Records the throttle; answers `coolsDown` (default false: the dispatcher backs off itself). */
  throttled(seat: SeatReservation, retryAfterMs: number | undefined): boolean {
    this.#return(seat, "throttled", null);
    this.throttles.push(retryAfterMs);
    return this.coolsDown;
  }

  #return(seat: SeatReservation, outcome: ReturnedSeat["outcome"], usage: TokenUsage | null): void {
    if (!this.#held.delete(seat))
      throw new Error(`RecordingAdmission: seat ${seat.id} returned twice or never granted`);
    this.returned.push({ seat, outcome, usage });
  }
}
