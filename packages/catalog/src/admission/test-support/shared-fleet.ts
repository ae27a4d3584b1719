// The fleet the shared-admission tests run: admissions standing for processes, sharing one
// recording store, one clock and one logger. Not exported from the package.
import type { SeatRequest } from "@nucleo/core";
import { ManualTimers, RecordingLogger } from "@nucleo/core/testing";
import { catalogOf, entry } from "../../test-support/entries.js";
import {
  CatalogAdmission,
  type CatalogAdmissionOptions,
  type CatalogSeat,
} from "../catalog-admission.js";
import { RecordingStore } from "./recording-store.js";

/** The limits of the two MEDIUM entries: room for 100 requests and 10,000 tokens a minute. */
export const tokenLimits = { requestsPerMinute: 100, tokensPerMinute: 10_000 };

/** Two MEDIUM siblings with {@link tokenLimits}, and a SMALL entry that takes two requests a minute. */
export const catalog = catalogOf(
  entry({ id: "primary", grade: "MEDIUM", limits: tokenLimits }),
  entry({ id: "secondary", grade: "MEDIUM", limits: tokenLimits }),
  entry({ id: "few-requests", grade: "SMALL", limits: { requestsPerMinute: 2 } }),
);

/** `count` admissions standing for processes, sharing one recording store and one clock. */
export function fleet(count: number, options: Partial<CatalogAdmissionOptions> = {}) {
  const time = new ManualTimers(0);
  const store = new RecordingStore();
  const logger = new RecordingLogger();
  const admissions = Array.from(
    { length: count },
    () =>
      new CatalogAdmission({
        catalog,
        clock: time,
        timers: time,
        guardMs: 0,
        shared: store,
        sharedPollMs: 1_000,
        logger,
        ...options,
      }),
  );
  const never = new AbortController().signal;
  const reserve = (
    admission: CatalogAdmission,
    request: SeatRequest,
    signal: AbortSignal = never,
  ) => tracked(admission.reserve(request, { signal, jobId: "job" }));
  return { time, store, logger, admissions, reserve };
}

/** A reservation whose seat or error can be read synchronously once it has settled. */
export function tracked(promise: Promise<CatalogSeat>) {
  let seat: CatalogSeat | undefined;
  let error: unknown;
  void promise.then(
    (value) => (seat = value),
    (reason: unknown) => (error = reason),
  );
  return { seat: () => seat, error: () => error, promise };
}

/** A request pinned to `entryId`. */
export const pinned = (entryId: string, inputTokens = 1, maxOutputTokens = 0): SeatRequest => ({
  entryId,
  inputTokens,
  maxOutputTokens,
});
