import { LLMReadableError } from "@nucleo/core";
import { invalidOption } from "../fleet-error.js";
import { describe, integerIn, numberAtLeast } from "../queue/check.js";
import type { FleetSettings } from "../queue/fleet-settings.js";
import type { FleetRun, RunEnding } from "./fleet-run.js";

/** How a server serves. */
export interface ServeOptions {
  /** Workflows run at once (default 4). */
  readonly concurrency?: number;
  /** The grace `drain()` gives running workflows by default, in ms (default 30,000). */
  readonly graceMs?: number;
  /**
   * Whether a failure is worth another attempt (default {@link isRetryableByDefault}).
   * Retryable: the queue retries it while retries remain, then dead-letters it; not: it goes
   * straight to the dead letters.
   */
  readonly isRetryable?: (error: unknown) => boolean;
  /** An idle slot polls this often without a notification, in s (default 0.5, ≥ 0.5). */
  readonly pollingIntervalSeconds?: number;
  /** ...and this often while LISTEN/NOTIFY wakes it, in s (default 2). Retries are found this way. */
  readonly notifyPollingIntervalSeconds?: number;
  /** A running workflow's heartbeat, in s (default 1): also how soon a cancel reaches its signal. */
  readonly heartbeatRefreshSeconds?: number;
  /** Called when a slot takes a workflow (the worker logs it). Must not throw. */
  readonly onTaken?: (run: FleetRun) => void;
  /** Called when a run ends, before the queue stores the outcome. Must not throw. */
  readonly onEnded?: (run: FleetRun, ending: RunEnding) => void;
}

/** {@link ServeOptions} checked, with the defaults applied. */
export interface ResolvedServeOptions {
  readonly concurrency: number;
  readonly graceMs: number;
  readonly isRetryable: (error: unknown) => boolean;
  readonly pollingIntervalSeconds: number;
  readonly notifyPollingIntervalSeconds: number;
  readonly heartbeatRefreshSeconds: number;
  readonly onTaken: ((run: FleetRun) => void) | undefined;
  readonly onEnded: ((run: FleetRun, ending: RunEnding) => void) | undefined;
}

/**
 * The default retry policy: an error that says (`retryable: true` / `false`) is taken at its
 * word; one of Nucleo's checked outcomes (`LLMReadableError`: invalid input, a failed service,
 * a system error) is final, since the dispatcher has already spent its own retries and a new
 * attempt would pay the models again for the same answer; anything else (a bug, a lost
 * connection, a crash of a dependency) is worth another attempt.
 */
export function isRetryableByDefault(error: unknown): boolean {
  const flag =
    typeof error === "object" && error !== null
      ? (error as { retryable?: unknown }).retryable
      : undefined;
  if (typeof flag === "boolean") return flag;
  return !LLMReadableError.isInstance(error);
}

/** `options` checked against `settings`, defaults applied. */
export function resolveServeOptions(
  options: ServeOptions,
  settings: FleetSettings,
): ResolvedServeOptions {
  const pollingIntervalSeconds = numberAtLeast(
    "pollingIntervalSeconds",
    options.pollingIntervalSeconds,
    0.5,
    0.5,
  );
  const heartbeatRefreshSeconds = numberAtLeast(
    "heartbeatRefreshSeconds",
    options.heartbeatRefreshSeconds,
    1,
    0.1,
  );
  if (heartbeatRefreshSeconds >= settings.heartbeatSeconds)
    throw invalidOption(
      "heartbeatRefreshSeconds",
      `heartbeatRefreshSeconds must be less than the queue's heartbeatSeconds (${settings.heartbeatSeconds}), got ${heartbeatRefreshSeconds}`,
    );
  return {
    concurrency: integerIn("concurrency", options.concurrency, 4, 1, 1000),
    graceMs: integerIn("graceMs", options.graceMs, 30_000, 0),
    isRetryable: optionalFunction("isRetryable", options.isRetryable) ?? isRetryableByDefault,
    pollingIntervalSeconds,
    notifyPollingIntervalSeconds: numberAtLeast(
      "notifyPollingIntervalSeconds",
      options.notifyPollingIntervalSeconds,
      Math.max(2, pollingIntervalSeconds),
      pollingIntervalSeconds,
    ),
    heartbeatRefreshSeconds,
    onTaken: optionalFunction("onTaken", options.onTaken),
    onEnded: optionalFunction("onEnded", options.onEnded),
  };
}

function optionalFunction<T>(field: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== "function")
    throw invalidOption(field, `${field} must be a function, got ${describe(value)}`);
  return value;
}
