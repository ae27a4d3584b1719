import { randomBytes } from "node:crypto";
import {
  SystemError,
  systemClock,
  systemTimers,
  type Admission,
  type Clock,
  type Logger,
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
import type { EntryBudget } from "./entry-budget.js";
import { EntryBudgets } from "./entry-budgets.js";
import { EntryWakeTimers } from "./entry-wake-timers.js";
import { GrantedSeat, type HeldBooking } from "./granted-seat.js";
import type { LimitName } from "./limit-amounts.js";
import { placeSeat } from "./seat-placement.js";
import { SeatQueue } from "./seat-queue.js";
import type { SeatWaiter } from "./seat-waiter.js";
import { SharedAdmissionLink } from "./shared-admission-link.js";
import type { SharedBooking, SharedBudgetStore } from "./shared-budget-store.js";
import { SharedQueueBooker } from "./shared-queue-booker.js";

/** A seat granted by the {@link CatalogAdmission}: the reservation and the entry serving it. */
export interface CatalogSeat extends SeatReservation {
  readonly entryId: string;
  readonly entry: CatalogEntry;
  /** When the budgets took the seat (epoch ms on the admission's clock; in shared mode, the `now` the store booked it at). */
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
  /**
   * Budgets shared with every process that admits seats on the same entries (a worker fleet),
   * so that together they never exceed an entry's limits. Each seat is then booked in the store
   * before it is granted; queues, routing and token counting stay in process. Default: none,
   * the budgets are this process's alone.
   */
  readonly shared?: SharedBudgetStore;
  /**
   * With `shared`: when the store answers "wait", ask again no later than this (ms), because
   * other processes' settlements free room without telling us. Default 1,000.
   */
  readonly sharedPollMs?: number;
  /**
   * With `shared`: told of every store failure, at `warn`, with fields `operation` (`book`,
   * `settle`, `cancel`, `coolDown`), `entryId` and a secret-free `error`. A failed booking is
   * retried after `sharedPollMs` (the seat keeps waiting); a failed settlement, cancellation or
   * cooldown is otherwise harmless (the booking ages out of the window). Default: `stderrLogger`.
   */
  readonly logger?: Logger;
}

/**
 * The in-process {@link Admission}: per-entry rolling budgets for every limit an entry
 * declares (requests, tokens, or input and output tokens per minute). A seat waits in FIFO
 * order per entry until every budget can hold it; settlement returns what the call did not
 * use; a failed call releases its seat whole; a throttle cools the entry down for the
 * provider's retry-after, and the picker routes around it meanwhile.
 *
 * With `shared`, a fleet of workers keeps each entry's limits together: every seat is booked
 * in a {@link SharedBudgetStore} (in Postgres: `@nucleo/recorder-postgres`) before it is
 * granted, at most one booking in flight per entry, and a throttle cools the entry for the
 * whole fleet. See docs/decisions/0004.
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
  readonly #defaultCooldownMs: number;
  readonly #budgets: EntryBudgets;
  readonly #queues = new Map<string, SeatQueue>();
  readonly #wake: EntryWakeTimers;
  readonly #shared: SharedAdmissionLink | undefined;
  /** Set exactly in shared mode: books each queue's head in the store before it is granted. */
  readonly #sharedQueue: SharedQueueBooker | undefined;
  /**
   * Seat ids are unique beyond this admission: the recorder keys seats by id, and a fleet (or a
   * worker restarted on the same database) has many admissions numbering their seats.
   */
  readonly #seatPrefix = `seat-${randomBytes(9).toString("base64url")}-`;
  #nextSeat = 1;

  constructor(options: CatalogAdmissionOptions) {
    this.#clock = options.clock ?? systemClock;
    const timers = options.timers ?? systemTimers;
    this.#defaultCooldownMs = options.defaultCooldownMs ?? 1_000;
    const windowMs = 60_000 + (options.guardMs ?? 1_000);
    this.#budgets = new EntryBudgets(windowMs);
    this.#wake = new EntryWakeTimers(timers, (entry) => this.#drain(entry));
    this.tokens =
      options.tokens ??
      new TokenCounters(options.logger === undefined ? {} : { logger: options.logger });
    this.#shared = options.shared
      ? new SharedAdmissionLink({
          store: options.shared,
          windowMs,
          pollMs: options.sharedPollMs,
          logger: options.logger,
        })
      : undefined;
    this.#sharedQueue = this.#shared
      ? new SharedQueueBooker({
          link: this.#shared,
          clock: this.#clock,
          wake: this.#wake,
          grant: (entry, budget, request, demand, at, shared) =>
            this.#grant(entry, budget, request, demand, at, shared),
          drain: (entry) => this.#drain(entry),
        })
      : undefined;
    this.picker = new ModelPicker(options.catalog, options.policy, {
      waitMs: (entry, demand) => this.#waitMs(entry, demand),
    });
  }

  /**
   * Grants the seat at once when it fits now: this process alone (a shared seat must first be
   * booked in the store), no seat waiting for the entry, every budget with room. Otherwise
   * holds nothing and answers `undefined`. Refuses what {@link reserve} refuses, by throwing.
   */
  reserveNow(request: SeatRequest): CatalogSeat | undefined {
    // A subclass that reshapes `reserve` (a quota, a log) is not bypassed: every seat goes through it.
    if (this.reserve !== CatalogAdmission.prototype.reserve) return undefined;
    const placed = placeSeat(request, this.picker, this.#budgets);
    return this.#grantAtOnce(request, placed.entry, placed.demand);
  }

  reserve(request: SeatRequest, options: ReserveOptions): Promise<CatalogSeat> {
    let entry: CatalogEntry;
    let demand: SeatDemand;
    try {
      ({ entry, demand } = placeSeat(request, this.picker, this.#budgets));
    } catch (error) {
      return Promise.reject(error);
    }
    const granted = this.#grantAtOnce(request, entry, demand);
    if (granted !== undefined) return Promise.resolve(granted);
    const queue = this.#queue(entry.id);
    if (options.signal.aborted) return Promise.reject(options.signal.reason);
    return new Promise<CatalogSeat>((resolve, reject) => {
      const onAbort = (): void => {
        const index = queue.remove(waiter);
        reject(options.signal.reason);
        if (index === 0) this.#drain(entry);
      };
      const waiter: SeatWaiter = {
        request,
        demand,
        queuedAt: this.#clock.now(),
        resolve,
        reject,
        stopListening: () => options.signal.removeEventListener("abort", onAbort),
      };
      options.signal.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
      if (queue.length === 1) this.#drain(entry);
    });
  }

  settle(reservation: SeatReservation, usage: TokenUsage): void {
    const held = this.#take(reservation);
    const input =
      usage.inputTokens + (usage.cachedInputTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
    const output = usage.outputTokens + (usage.reasoningTokens ?? 0);
    held.budget.settle(
      held.slice,
      held.request.inputTokens,
      held.request.maxOutputTokens,
      input,
      output,
    );
    this.tokens.observe(held.budget.entry, reservation.request.inputTokens, input);
    if (held.shared)
      this.#drainAfter(held.budget.entry, this.#shared!.settle(held.shared, input, output));
    else this.#drain(held.budget.entry);
  }

  release(reservation: SeatReservation): void {
    const held = this.#take(reservation);
    held.budget.cancel(held.slice, held.request.inputTokens, held.request.maxOutputTokens);
    if (held.shared) this.#drainAfter(held.budget.entry, this.#shared!.cancel(held.shared));
    else this.#drain(held.budget.entry);
  }

  /**
   * The provider throttled the seat's call: the seat goes back whole and its entry cools down
   * for `retryAfterMs` (or the default) — in shared mode for every process. Meanwhile the
   * picker routes the grade's seats to siblings and a pinned seat waits here, so it answers
   * `true`: the dispatcher need not back off as well.
   */
  throttled(reservation: SeatReservation, retryAfterMs: number | undefined): boolean {
    const held = this.#take(reservation);
    held.budget.cancel(held.slice, held.request.inputTokens, held.request.maxOutputTokens);
    const cooldown =
      typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs >= 0
        ? retryAfterMs
        : this.#defaultCooldownMs;
    const until = this.#clock.now() + cooldown;
    held.budget.coolingUntil = Math.max(held.budget.coolingUntil, until);
    if (held.shared)
      this.#drainAfter(
        held.budget.entry,
        Promise.all([
          this.#shared!.cancel(held.shared),
          this.#shared!.coolDown(held.budget.entry.id, until),
        ]),
      );
    else this.#drain(held.budget.entry);
    return true;
  }

  /**
   * The seat at once when it fits now, else `undefined`. Only a process alone may grant at once
   * (a shared seat must first be booked in the store), and never past a seat already waiting.
   */
  #grantAtOnce(
    request: SeatRequest,
    entry: CatalogEntry,
    demand: SeatDemand,
  ): CatalogSeat | undefined {
    if (this.#shared !== undefined || this.waiting(entry.id) > 0) return undefined;
    const budget = this.#budgets.of(entry);
    const now = this.#clock.now();
    return budget.waitMs(demand, now) === 0
      ? this.#grant(entry, budget, request, demand, now)
      : undefined;
  }

  /** When an entry's cooldown ends (epoch ms), or 0 when it is not cooling (this process's own; in shared mode another process's shows as a busy entry). */
  coolingUntil(entryId: string): number {
    const until = this.#budgets.find(entryId)?.coolingUntil ?? 0;
    return until > this.#clock.now() ? until : 0;
  }

  /** What each limit of an entry holds now, for dashboards and tests (in shared mode: this process's seats only). */
  usage(entryId: string): Array<{ limit: LimitName; used: number; max: number }> {
    const budget = this.#budgets.of(this.picker.catalog.get(entryId));
    const now = this.#clock.now();
    return budget.limits.map(([limit, max]) => ({ limit, used: budget.used(limit, now), max }));
  }

  /** How many reservations wait for an entry. */
  waiting(entryId: string): number {
    return this.#queues.get(entryId)?.length ?? 0;
  }

  /**
   * How soon `entry` could take `demand`, for the picker: behind every seat already queued for
   * it (their load counts, so a long queue is busy in proportion), never "now" while one waits
   * (FIFO), nor while the shared store last said it has no room; in shared mode, plus the time
   * the queue takes to be booked in the store.
   */
  #waitMs(entry: CatalogEntry, demand: SeatDemand): number {
    const now = this.#clock.now();
    const queue = this.#queues.get(entry.id);
    const queued = queue !== undefined && queue.length > 0 ? queue : undefined;
    let wait = this.#budgets.of(entry).estimateWaitMs(demand, now, queued);
    if (this.#shared)
      wait =
        Math.max(wait, this.#shared.busyMs(entry.id, now)) +
        this.#sharedQueue!.queueMs(entry.id, queued?.length ?? 0);
    return queued ? Math.max(wait, 1) : wait;
  }

  #grant(
    entry: CatalogEntry,
    budget: EntryBudget,
    request: SeatRequest,
    demand: SeatDemand,
    at = this.#clock.now(),
    shared?: SharedBooking,
  ): CatalogSeat {
    return new GrantedSeat(
      this,
      `${this.#seatPrefix}${this.#nextSeat++}`,
      request,
      entry,
      at,
      budget,
      budget.book(demand, at),
      shared,
    );
  }

  /**
   * Grants waiting seats in order while the head fits; otherwise wakes up when it will. In shared
   * mode the store must book the head first, so the {@link SharedQueueBooker} goes down the queue.
   */
  #drain(entry: CatalogEntry): void {
    const queue = this.#queues.get(entry.id);
    if (!queue) return;
    const budget = this.#budgets.of(entry);
    this.#wake.cancel(entry.id);
    if (this.#sharedQueue) return this.#sharedQueue.ask(entry, budget, queue);
    while (queue.length > 0) {
      const head = queue.head()!;
      const wait = budget.waitMs(head.demand, this.#clock.now());
      if (wait > 0) return this.#wake.wakeIn(entry, wait);
      queue.shift();
      head.stopListening();
      head.resolve(this.#grant(entry, budget, head.request, head.demand));
    }
  }

  /** Drains `entry` once the store has heard of a settlement, cancellation or cooldown. */
  #drainAfter(entry: CatalogEntry, told: Promise<unknown>): void {
    void told.then(() => this.#drain(entry));
  }

  #take(reservation: SeatReservation): HeldBooking {
    const held = GrantedSeat.takeBack(reservation, this);
    if (!held)
      throw new SystemError({
        code: "unknown_seat",
        message: `Seat ${String(reservation?.id)} is not held by this admission (returned twice, or granted elsewhere).`,
      });
    return held;
  }

  #queue(entryId: string): SeatQueue {
    let queue = this.#queues.get(entryId);
    if (!queue) {
      queue = new SeatQueue();
      this.#queues.set(entryId, queue);
    }
    return queue;
  }
}
