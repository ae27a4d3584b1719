import {
  InvalidInputError,
  SystemError,
  type Admission,
  type Clock,
  type ReserveOptions,
  type SeatRequest,
  type SeatReservation,
  type Timers,
  type TokenUsage,
} from "@nucleo/core";
import type { Catalog } from "../entry/catalog.js";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { DeploymentPolicy } from "../picker/deployment-policy.js";
import { ModelPicker, type SeatDemand } from "../picker/model-picker.js";
import { TokenCounters } from "../tokens/token-counters.js";
import { EntryBudget, type EntryBooking, type LimitName } from "./entry-budget.js";

/** A seat granted by the {@link CatalogAdmission}: the reservation and the entry serving it. */
export interface CatalogSeat extends SeatReservation {
  readonly entryId: string;
  readonly entry: CatalogEntry;
  /** When the budgets took the seat (epoch ms on the admission's clock). */
  readonly grantedAt: number;
}

/** How the admission is set up; only the catalog is required. */
export interface CatalogAdmissionOptions {
  readonly catalog: Catalog;
  readonly policy?: DeploymentPolicy;
  readonly clock?: Clock;
  readonly timers?: Timers;
  /** Cooldown after a throttle that came without a retry-after. Default 1 s. */
  readonly defaultCooldownMs?: number;
  /**
   * Added to every 60-second window, so a booking leaves the budget a little after the
   * provider's own window has dropped it: requests reach the provider later than they are
   * admitted, by varying network delays. Default 1 s.
   */
  readonly guardMs?: number;
  /**
   * The token counters that price seats. Every settled call tells them the input tokens the
   * seat was priced at and what the provider reported, so an entry without a public tokenizer
   * calibrates its estimate. Default: a fresh set.
   */
  readonly tokens?: TokenCounters;
}

/** A reservation waiting for its entry's budgets. */
interface Waiter {
  readonly request: SeatRequest;
  readonly demand: SeatDemand;
  readonly resolve: (seat: CatalogSeat) => void;
  readonly reject: (reason: unknown) => void;
  readonly stopListening: () => void;
}

interface Held {
  readonly budget: EntryBudget;
  readonly booking: EntryBooking;
}

const LIMIT_WORDS: Record<LimitName, string> = {
  requestsPerMinute: "requests per minute",
  tokensPerMinute: "tokens per minute",
  inputTokensPerMinute: "input tokens per minute",
  outputTokensPerMinute: "output tokens per minute",
};

/**
 * The in-process {@link Admission}: per-entry rolling budgets for every limit an entry
 * declares (requests, tokens, or input and output tokens per minute). A seat waits in FIFO
 * order per entry until every budget can hold it; settlement returns what the call did not
 * use; a failed call releases its seat whole; a throttle cools the entry down for the
 * provider's retry-after, and the picker routes around it meanwhile.
 *
 * A fleet of workers needs the same contract over shared state; that implementation (over
 * Postgres) implements core's `Admission` too — see docs/decisions/0004.
 *
 * @example
 * const admission = new CatalogAdmission({ catalog, policy: { envelope: { region: ["us"] } } });
 * const dispatcher = new JobDispatcher({ admission });
 */
export class CatalogAdmission implements Admission {
  readonly picker: ModelPicker;
  /** Counts the requests seats are priced from, and learns from every settlement. */
  readonly tokens: TokenCounters;
  readonly #clock: Clock;
  readonly #timers: Timers;
  readonly #defaultCooldownMs: number;
  readonly #windowMs: number;
  readonly #budgets = new Map<string, EntryBudget>();
  readonly #queues = new Map<string, Waiter[]>();
  readonly #wakeTimers = new Map<string, unknown>();
  readonly #held = new Map<SeatReservation, Held>();
  #nextSeat = 1;

  constructor(options: CatalogAdmissionOptions) {
    this.#clock = options.clock ?? { now: () => Date.now() };
    this.#timers = options.timers ?? { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
    this.#defaultCooldownMs = options.defaultCooldownMs ?? 1_000;
    this.#windowMs = 60_000 + (options.guardMs ?? 1_000);
    this.tokens = options.tokens ?? new TokenCounters();
    this.picker = new ModelPicker(options.catalog, options.policy, { waitMs: (entry, demand) => this.#waitMs(entry, demand) });
  }

  reserve(request: SeatRequest, options: ReserveOptions): Promise<CatalogSeat> {
    let entry: CatalogEntry;
    let demand: SeatDemand;
    try {
      demand = demandOf(request);
      entry = request.entryId !== undefined ? this.picker.pinned(request.entryId) : this.picker.pick(gradeOf(request), demand);
      this.#refuseIfNeverFits(entry, demand);
    } catch (error) {
      return Promise.reject(error);
    }
    const budget = this.#budget(entry);
    const queue = this.#queue(entry.id);
    if (queue.length === 0 && budget.waitMs(demand, this.#clock.now()) === 0) return Promise.resolve(this.#grant(entry, budget, request, demand));
    if (options.signal.aborted) return Promise.reject(options.signal.reason);
    return new Promise<CatalogSeat>((resolve, reject) => {
      const onAbort = (): void => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(options.signal.reason);
        if (index === 0) this.#drain(entry);
      };
      const waiter: Waiter = { request, demand, resolve, reject, stopListening: () => options.signal.removeEventListener("abort", onAbort) };
      options.signal.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
      if (queue.length === 1) this.#drain(entry);
    });
  }

  settle(reservation: SeatReservation, usage: TokenUsage): void {
    const held = this.#take(reservation);
    const input = usage.inputTokens + (usage.cachedInputTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
    held.budget.settle(held.booking, input, usage.outputTokens + (usage.reasoningTokens ?? 0));
    this.tokens.observe(held.budget.entry, reservation.request.inputTokens, input);
    this.#drain(held.budget.entry);
  }

  release(reservation: SeatReservation): void {
    const held = this.#take(reservation);
    held.budget.cancel(held.booking);
    this.#drain(held.budget.entry);
  }

  /**
   * The provider throttled the seat's call: the seat goes back whole and its entry cools down
   * for `retryAfterMs` (or the default). Meanwhile the picker routes the grade's seats to
   * siblings and a pinned seat waits here, so it answers `true`: the dispatcher need not back
   * off as well.
   */
  throttled(reservation: SeatReservation, retryAfterMs: number | undefined): boolean {
    const held = this.#take(reservation);
    held.budget.cancel(held.booking);
    const cooldown = typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs >= 0 ? retryAfterMs : this.#defaultCooldownMs;
    const until = this.#clock.now() + cooldown;
    held.budget.coolingUntil = Math.max(held.budget.coolingUntil, until);
    this.#drain(held.budget.entry);
    return true;
  }

  /** When an entry's cooldown ends (epoch ms), or 0 when it is not cooling. */
  coolingUntil(entryId: string): number {
    const until = this.#budgets.get(entryId)?.coolingUntil ?? 0;
    return until > this.#clock.now() ? until : 0;
  }

  /** What each limit of an entry holds now, for dashboards and tests. */
  usage(entryId: string): Array<{ limit: LimitName; used: number; max: number }> {
    const budget = this.#budget(this.picker.catalog.get(entryId));
    const now = this.#clock.now();
    return budget.windows.map(([limit, window]) => ({ limit, used: window.used(now), max: window.limit }));
  }

  /** How many reservations wait for an entry. */
  waiting(entryId: string): number {
    return this.#queues.get(entryId)?.length ?? 0;
  }

  /** How soon `entry` could take `demand`: never "now" while seats already wait for it (FIFO). */
  #waitMs(entry: CatalogEntry, demand: SeatDemand): number {
    const wait = this.#budget(entry).waitMs(demand, this.#clock.now());
    return this.waiting(entry.id) > 0 ? Math.max(wait, 1) : wait;
  }

  #grant(entry: CatalogEntry, budget: EntryBudget, request: SeatRequest, demand: SeatDemand): CatalogSeat {
    const now = this.#clock.now();
    const seat: CatalogSeat = { id: `seat-${this.#nextSeat++}`, request, entryId: entry.id, entry, grantedAt: now };
    this.#held.set(seat, { budget, booking: budget.book(demand, now) });
    return seat;
  }

  /** Grants waiting seats in order while the head fits; otherwise wakes up when it will. */
  #drain(entry: CatalogEntry): void {
    const queue = this.#queues.get(entry.id);
    if (!queue) return;
    const budget = this.#budget(entry);
    const pending = this.#wakeTimers.get(entry.id);
    if (pending !== undefined) {
      this.#timers.clearTimeout(pending);
      this.#wakeTimers.delete(entry.id);
    }
    while (queue.length > 0) {
      const head = queue[0]!;
      const wait = budget.waitMs(head.demand, this.#clock.now());
      if (wait > 0) {
        this.#wakeTimers.set(entry.id, this.#timers.setTimeout(() => {
          this.#wakeTimers.delete(entry.id);
          this.#drain(entry);
        }, wait));
        return;
      }
      queue.shift();
      head.stopListening();
      head.resolve(this.#grant(entry, budget, head.request, head.demand));
    }
  }

  #refuseIfNeverFits(entry: CatalogEntry, demand: SeatDemand): void {
    const overflow = this.#budget(entry).neverFits(demand);
    if (overflow) {
      throw new SystemError({
        code: "seat_too_large",
        message: `A seat of ${overflow.size} ${LIMIT_WORDS[overflow.limit]} can never be admitted on entry "${entry.id}": its limit is ${overflow.max} ${LIMIT_WORDS[overflow.limit]}.`,
      });
    }
  }

  #take(reservation: SeatReservation): Held {
    const held = this.#held.get(reservation);
    if (!held) throw new SystemError({ code: "unknown_seat", message: `Seat ${String(reservation?.id)} is not held by this admission (returned twice, or granted elsewhere).` });
    this.#held.delete(reservation);
    return held;
  }

  #budget(entry: CatalogEntry): EntryBudget {
    let budget = this.#budgets.get(entry.id);
    if (!budget) {
      budget = new EntryBudget(entry, this.#windowMs);
      this.#budgets.set(entry.id, budget);
    }
    return budget;
  }

  #queue(entryId: string): Waiter[] {
    let queue = this.#queues.get(entryId);
    if (!queue) {
      queue = [];
      this.#queues.set(entryId, queue);
    }
    return queue;
  }
}

function demandOf(request: SeatRequest): SeatDemand {
  for (const field of ["inputTokens", "maxOutputTokens"] as const) {
    const value = request[field];
    if (!Number.isSafeInteger(value) || value < 0) throw new InvalidInputError({ parameter: field, value: String(value), expected: "a non-negative whole number of tokens" });
  }
  return { inputTokens: request.inputTokens, outputTokens: request.maxOutputTokens };
}

function gradeOf(request: SeatRequest): string {
  if (request.grade === undefined || (request.grade as string) === "") {
    throw new InvalidInputError({ parameter: "grade", expected: "a grade (SMALL, MEDIUM, LARGE, XL, MEGA or CEILING) or an entryId" });
  }
  return request.grade;
}
