// Pacing (an entry's `pacing: { burstMs }`): the admission spends each limit evenly over its
// window, at most the burst ahead, in process and through a shared store alike.
import { type SeatRequest, silentLogger } from "@nucleo/core";
import { ManualTimers, runFor } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { CatalogAdmission } from "./catalog-admission.js";
import { RecordingStore } from "./test-support/recording-store.js";
import { tracked } from "./test-support/shared-fleet.js";

const catalog = catalogOf(
  // 60 requests a minute: 1,000 ms of pace per request; a burst of two.
  entry({ id: "paced", limits: { requestsPerMinute: 60 }, pacing: { burstMs: 2_000 } }),
  // 6,000 tokens a minute: 10 ms of pace per token, no burst.
  entry({ id: "paced-tokens", limits: { tokensPerMinute: 6_000 }, pacing: { burstMs: 0 } }),
  entry({ id: "unpaced", limits: { requestsPerMinute: 60 }, pacing: "off" }),
);

const on = (entryId: string, inputTokens = 0): SeatRequest => ({
  entryId,
  inputTokens,
  maxOutputTokens: 0,
});

function setup(shared?: RecordingStore) {
  const time = new ManualTimers(0);
  const admission = new CatalogAdmission({
    catalog,
    clock: time,
    timers: time,
    guardMs: 0,
    shared,
    logger: silentLogger,
  });
  const signal = new AbortController().signal;
  const reserve = (request: SeatRequest) =>
    tracked(admission.reserve(request, { signal, jobId: "job" }));
  return { time, admission, reserve };
}

describe("CatalogAdmission: pacing", () => {
  it("a paced entry grants its burst at once, then one seat per pace interval", async () => {
    const { time, reserve } = setup();
    const seats = Array.from({ length: 5 }, () => reserve(on("paced")));
    await runFor(time, 2_000);
    expect(seats.map((seat) => seat.seat()?.grantedAt)).toEqual([0, 0, 0, 1_000, 2_000]);
  });

  it("an entry with pacing off grants a window's whole budget at once", async () => {
    const { time, reserve } = setup();
    const seats = Array.from({ length: 5 }, () => reserve(on("unpaced")));
    await runFor(time, 0);
    expect(seats.map((seat) => seat.seat()?.grantedAt)).toEqual([0, 0, 0, 0, 0]);
  });

  it("settling gives back the pace time of what the call did not use", async () => {
    const { time, admission, reserve } = setup();
    const first = reserve(on("paced-tokens", 100)); // 1,000 ms of pace
    await runFor(time, 0);
    admission.settle(first.seat()!, { inputTokens: 20, outputTokens: 0 }); // 200 ms used
    const next = reserve(on("paced-tokens", 1));
    await runFor(time, 200);
    expect(next.seat()?.grantedAt).toBe(200);
  });

  it("releasing a seat gives back its whole pace time", async () => {
    const { time, admission, reserve } = setup();
    const first = reserve(on("paced-tokens", 100));
    await runFor(time, 0);
    const next = reserve(on("paced-tokens", 100));
    admission.release(first.seat()!);
    await runFor(time, 0);
    expect(next.seat()?.grantedAt).toBe(0);
  });

  it("in shared mode the pacing travels to the store with the limits, and the store paces the fleet", async () => {
    const store = new RecordingStore();
    const one = setup(store);
    const two = setup(store);
    const seats = [one.reserve(on("paced")), two.reserve(on("paced")), one.reserve(on("paced"))];
    await runFor(one.time, 0);
    expect(store.of("bookInOrder")[0]?.terms).toEqual({
      entryId: "paced",
      limits: { requestsPerMinute: 60 },
      pacing: { burstMs: 2_000 },
    });
    // A burst of 2,000 ms on 1,000 ms a request: three seats across both processes, not three each.
    seats.push(two.reserve(on("paced")));
    await runFor(one.time, 0);
    expect(seats.map((seat) => seat.seat() !== undefined)).toEqual([true, true, true, false]);
  });
});
