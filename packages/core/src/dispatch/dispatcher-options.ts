import type { Admission } from "../admission/admission.js";
import type { RunObserver } from "../events/run-observer.js";
import type { Logger } from "../log/logger.js";

/** The time source: epoch milliseconds. Injected so tests control time. */
export interface Clock {
  now(): number;
}

/** Timer functions, injected so tests fire timeouts and back-offs without waiting. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How throttles are waited out. */
export interface ThrottlePolicy {
  /** Throttles one job may wait out before it fails. Default 6. */
  readonly maxThrottles?: number;
  /** First back-off when the provider gave no retry-after. Default 500 ms, doubling. */
  readonly initialBackoffMs?: number;
  /** Longest back-off, retry-after included. Default 60 s. */
  readonly maxBackoffMs?: number;
}

/** Everything a {@link JobDispatcher} can be given; all optional. */
export interface JobDispatcherOptions {
  /** Grants model seats. Without one, a job that asks for a seat fails with a clear error. */
  readonly admission?: Admission;
  /** Observers subscribed from the start (more can join with `observe`). */
  readonly observers?: readonly RunObserver[];
  /** The identity axes scopes may bind. Default `tenant` and `ticket`. */
  readonly scopeAxes?: readonly string[];
  readonly throttle?: ThrottlePolicy;
  readonly clock?: Clock;
  readonly timers?: Timers;
  /** Mints job ids. Default: UUID-shaped ids, unique across a fleet (random prefix per dispatcher). */
  readonly ids?: () => string;
  /**
   * Told, at `error`, when an observer or the admission throws where the dispatcher cannot pass
   * the error to a job (the job carries on): fields `component: "dispatcher"`, the `observer`'s
   * class name when one threw, and the `error` as `errorFields`. Default: `stderrLogger`.
   */
  readonly logger?: Logger;
}

/** The real time ({@link Clock}): `Date.now()`. What every component uses unless a test injects its own. */
export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

/** The real timers ({@link Timers}): Node's `setTimeout` and `clearTimeout`. */
export const systemTimers: Timers = Object.freeze({
  setTimeout: (callback: () => void, ms: number): unknown => setTimeout(callback, ms),
  clearTimeout: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
