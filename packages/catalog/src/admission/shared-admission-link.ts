import {
  errorFields,
  InvalidInputError,
  stderrLogger,
  SystemError,
  type Logger,
} from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import type { SharedBatchAnswer, SharedBooking, SharedBudgetStore } from "./shared-budget-store.js";

/** How a {@link SharedAdmissionLink} is set up. @internal */
export interface SharedAdmissionLinkOptions {
  readonly store: SharedBudgetStore;
  readonly windowMs: number;
  readonly pollMs?: number;
  readonly logger?: Logger;
}

/** The store call that failed, as the `operation` field of its log line. */
type StoreOperation = "book" | "settle" | "cancel" | "coolDown";

const CONSEQUENCE: Record<StoreOperation, string> = {
  book: "the seat keeps waiting and asks again",
  settle: "harmless: the booking ages out of the window",
  cancel: "harmless: the booking ages out of the window",
  coolDown: "the other processes do not cool the entry down",
};

/**
 * A `CatalogAdmission`'s side of a {@link SharedBudgetStore}: asks it to book, tells it of
 * settlements, cancellations and cooldowns, remembers for routing how long the store last said
 * an entry has no room, and tells its logger of every store failure (at `warn`, with the
 * `operation`, the `entryId` and the `error`): none of its promises rejects.
 *
 * @internal
 */
export class SharedAdmissionLink {
  /** When the store says wait, ask again no later than this (ms). */
  readonly pollMs: number;
  readonly #store: SharedBudgetStore;
  readonly #windowMs: number;
  readonly #logger: Logger;
  readonly #busyUntil = new Map<string, number>();

  constructor(options: SharedAdmissionLinkOptions) {
    const pollMs = options.pollMs ?? 1_000;
    if (!(pollMs > 0 && Number.isFinite(pollMs)))
      throw new InvalidInputError({
        parameter: "sharedPollMs",
        value: String(pollMs),
        expected: "a positive number of milliseconds",
      });
    this.pollMs = pollMs;
    this.#store = options.store;
    this.#windowMs = options.windowMs;
    this.#logger = options.logger ?? stderrLogger;
  }

  /** How long the store's last answer said `entryId` has no room, from `now` (0: not busy). */
  busyMs(entryId: string, now: number): number {
    return Math.max(0, (this.#busyUntil.get(entryId) ?? 0) - now);
  }

  /**
   * Asks the store to book `seats` on `entry` at `now`, in order, in one call, the first of them
   * waiting since `queuedAt`; `undefined` when the store failed or answered something that
   * breaks its contract (reported).
   */
  async bookInOrder(
    entry: CatalogEntry,
    seats: readonly SeatDemand[],
    now: number,
    queuedAt: number,
  ): Promise<SharedBatchAnswer | undefined> {
    try {
      const terms = {
        entryId: entry.id,
        limits: entry.limits,
        ...(typeof entry.pacing === "object" ? { pacing: entry.pacing } : {}),
      };
      // The first seat's place in the fleet's line, kept while we ask again within sharedPollMs.
      const turn = { since: queuedAt, holdMs: 2 * this.pollMs };
      const answer = await this.#store.bookInOrder(terms, seats, now, this.#windowMs, turn);
      checkAnswer(answer, entry.id, seats.length);
      if (answer.waitMs === 0) this.#busyUntil.delete(entry.id);
      else this.#busyUntil.set(entry.id, now + answer.waitMs);
      return answer;
    } catch (error) {
      this.#report("book", entry.id, error);
      return undefined;
    }
  }

  /** Tells the store what the call really used. */
  settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    return this.#quietly("settle", booking.entryId, () =>
      this.#store.settle(booking, inputTokens, outputTokens),
    );
  }

  /** Removes a booking whole. */
  cancel(booking: SharedBooking): Promise<void> {
    return this.#quietly("cancel", booking.entryId, () => this.#store.cancel(booking));
  }

  /** Cools `entryId` down for every process until `until`. */
  coolDown(entryId: string, until: number): Promise<void> {
    return this.#quietly("coolDown", entryId, () => this.#store.coolDown(entryId, until));
  }

  /** Runs a store call whose failure only needs reporting: the booking it concerns ages out anyway. */
  async #quietly(
    operation: StoreOperation,
    entryId: string,
    call: () => Promise<void>,
  ): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.#report(operation, entryId, error);
    }
  }

  #report(operation: StoreOperation, entryId: string, error: unknown): void {
    try {
      const fields = {
        component: "catalog-admission",
        operation,
        entryId,
        error: errorFields(error),
      };
      this.#logger.warn(
        fields,
        `The shared budget store failed to ${operation} on entry "${entryId}": ${CONSEQUENCE[operation]}.`,
      );
    } catch {
      // A throwing logger must not stop seats from being admitted.
    }
  }
}

/**
 * Refuses an answer that breaks the store's contract: more bookings than seats, a booking of
 * another entry, a wait that is not a positive number while seats were left (it would have us
 * ask again at once, forever).
 */
function checkAnswer(answer: SharedBatchAnswer, entryId: string, seats: number): void {
  const booked: unknown = answer?.booked;
  const fault = !Array.isArray(booked)
    ? "no list of bookings"
    : booked.length > seats
      ? `${booked.length} bookings for ${seats} seats`
      : booked.some((booking: { entryId?: unknown }) => booking?.entryId !== entryId)
        ? "a booking of another entry"
        : booked.length < seats && !(answer.waitMs > 0)
          ? `a wait of ${String(answer.waitMs)} ms with seats left unbooked`
          : undefined;
  if (fault !== undefined)
    throw new SystemError({
      code: "shared_store_answer",
      message: `The shared budget store answered ${fault} for entry "${entryId}"; expected the first seats booked and a positive wait for the rest.`,
    });
}
