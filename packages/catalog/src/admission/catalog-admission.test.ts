import {
  JobDispatcher,
  AbstractTool,
  ThrottleSignal,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type SeatRequest,
} from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogOf, entry } from "../test-support/entries.js";
import { CatalogAdmission, type CatalogSeat } from "./catalog-admission.js";

const catalog = catalogOf(
  entry({
    id: "primary",
    grade: "MEDIUM",
    limits: { requestsPerMinute: 100, tokensPerMinute: 10_000 },
  }),
  entry({
    id: "secondary",
    grade: "MEDIUM",
    limits: { requestsPerMinute: 100, tokensPerMinute: 10_000 },
  }),
  entry({
    id: "split",
    grade: "LARGE",
    limits: { inputTokensPerMinute: 5_000, outputTokensPerMinute: 1_000 },
  }),
  entry({ id: "few-requests", grade: "SMALL", limits: { requestsPerMinute: 2 } }),
);

function setup() {
  const time = new ManualTimers(0);
  const admission = new CatalogAdmission({ catalog, clock: time, timers: time, guardMs: 0 });
  const signal = new AbortController().signal;
  const reserve = (request: SeatRequest, abort: AbortSignal = signal) =>
    admission.reserve(request, { signal: abort, jobId: "job" });
  return { time, admission, reserve };
}

/** Resolves pending promise callbacks. */
async function flush(): Promise<void> {
  for (let index = 0; index < 5; index++) await Promise.resolve();
}

function tracked<T>(promise: Promise<T>): { settled: () => T | undefined; promise: Promise<T> } {
  let value: T | undefined;
  void promise.then(
    (result) => (value = result),
    () => undefined,
  );
  return { settled: () => value, promise };
}

describe("CatalogAdmission", () => {
  it("books input plus the output budget against the entry's token limit", async () => {
    const { admission, reserve } = setup();
    const seat = await reserve({ entryId: "primary", inputTokens: 1_200, maxOutputTokens: 800 });
    expect(seat.entryId).toBe("primary");
    expect(admission.usage("primary")).toEqual([
      { limit: "requestsPerMinute", used: 1, max: 100 },
      { limit: "tokensPerMinute", used: 2_000, max: 10_000 },
    ]);
  });

  it("reserveNow grants a seat that fits at once, and holds nothing when it would wait or another seat waits first", async () => {
    const { admission, reserve } = setup();
    const seat = admission.reserveNow({
      entryId: "primary",
      inputTokens: 6_000,
      maxOutputTokens: 2_000,
    });
    expect(seat?.entryId).toBe("primary");
    expect(admission.usage("primary")[1]!.used).toBe(8_000);
    // Too large for what is left: nothing is booked.
    expect(
      admission.reserveNow({ entryId: "primary", inputTokens: 3_000, maxOutputTokens: 0 }),
    ).toBeUndefined();
    expect(admission.usage("primary")[1]!.used).toBe(8_000);
    // A seat that would fit, behind one that waits: FIFO holds, nothing is booked.
    const waiting = tracked(
      reserve({ entryId: "primary", inputTokens: 3_000, maxOutputTokens: 0 }),
    );
    await flush();
    expect(
      admission.reserveNow({ entryId: "primary", inputTokens: 100, maxOutputTokens: 0 }),
    ).toBeUndefined();
    expect(admission.usage("primary")[1]!.used).toBe(8_000);
    expect(admission.waiting("primary")).toBe(1);
    admission.release(seat!);
    await flush();
    expect(waiting.settled()?.entryId).toBe("primary");
  });

  it("reserveNow defers to a subclass that reshapes reserve: every seat goes through the override", () => {
    class Quota extends CatalogAdmission {
      override reserve(request: SeatRequest, options: { signal: AbortSignal; jobId: string }) {
        return super.reserve(request, options);
      }
    }
    const quota = new Quota({ catalog });
    expect(
      quota.reserveNow({ entryId: "primary", inputTokens: 1, maxOutputTokens: 1 }),
    ).toBeUndefined();
    expect(quota.usage("primary")[1]!.used).toBe(0);
  });

  it("reserveNow refuses what reserve refuses, by throwing the same error", async () => {
    const { admission, reserve } = setup();
    const request = { entryId: "primary", inputTokens: 20_000, maxOutputTokens: 0 };
    const refused = await reserve(request).catch((error: Error) => error);
    expect(() => admission.reserveNow(request)).toThrow((refused as Error).message);
  });

  it("a seat that does not fit waits until past use ages out of the 60-second window", async () => {
    const { time, reserve } = setup();
    await reserve({ entryId: "primary", inputTokens: 6_000, maxOutputTokens: 2_000 });
    time.advance(10_000);
    const waiting = tracked(
      reserve({ entryId: "primary", inputTokens: 3_000, maxOutputTokens: 0 }),
    );
    await flush();
    time.advance(49_999);
    await flush();
    expect(waiting.settled()).toBeUndefined();
    time.advance(1);
    await flush();
    expect(waiting.settled()?.entryId).toBe("primary");
  });

  it("waiting seats are granted in FIFO order: a small one never overtakes a large one", async () => {
    const { time, admission, reserve } = setup();
    const first = await reserve({ entryId: "primary", inputTokens: 9_000, maxOutputTokens: 0 });
    const large = tracked(reserve({ entryId: "primary", inputTokens: 5_000, maxOutputTokens: 0 }));
    const small = tracked(reserve({ entryId: "primary", inputTokens: 500, maxOutputTokens: 0 }));
    await flush();
    expect(small.settled()).toBeUndefined(); // 500 would fit now, but the large seat is ahead
    admission.settle(first, { inputTokens: 4_000, outputTokens: 0 });
    await flush();
    expect(large.settled()).toBeDefined();
    expect(small.settled()).toBeDefined();
    expect(time.pendingDelays()).toEqual([]);
  });

  it("the guard band keeps a booking a little longer than the provider's own 60-second window", async () => {
    const time = new ManualTimers(0);
    const guarded = new CatalogAdmission({ catalog, clock: time, timers: time, guardMs: 1_000 });
    const options = { signal: new AbortController().signal, jobId: "job" };
    await guarded.reserve({ entryId: "primary", inputTokens: 10_000, maxOutputTokens: 0 }, options);
    const next = tracked(
      guarded.reserve({ entryId: "primary", inputTokens: 10_000, maxOutputTokens: 0 }, options),
    );
    time.advance(60_000);
    await flush();
    expect(next.settled()).toBeUndefined();
    time.advance(1_000);
    await flush();
    expect(next.settled()).toBeDefined();
  });

  it("settlement returns what the call did not use", async () => {
    const { admission, reserve } = setup();
    const seat = await reserve({ entryId: "primary", inputTokens: 1_000, maxOutputTokens: 8_000 });
    admission.settle(seat, {
      inputTokens: 700,
      cachedInputTokens: 300,
      outputTokens: 150,
      reasoningTokens: 50,
    });
    expect(admission.usage("primary")[1]!.used).toBe(1_200);
  });

  it("settlement teaches the entry's token estimate what the provider really counted", async () => {
    const anthropic = catalogOf(entry({ id: "estimated", provider: "anthropic" }));
    const estimating = new CatalogAdmission({ catalog: anthropic });
    const seat = await estimating.reserve(
      { entryId: "estimated", inputTokens: 1_000, maxOutputTokens: 10 },
      { signal: new AbortController().signal, jobId: "j" },
    );
    estimating.settle(seat, { inputTokens: 1_200, outputTokens: 5 });
    expect(estimating.tokens.calibrations().get("estimated")).toMatchObject({ samples: 1 });
    expect(estimating.tokens.calibrations().get("estimated")!.factor).toBeGreaterThan(1);
  });

  it("a failed call releases its seat whole, and the request it made no longer counts", async () => {
    const { admission, reserve } = setup();
    const seat = await reserve({ entryId: "primary", inputTokens: 1_000, maxOutputTokens: 1_000 });
    admission.release(seat);
    expect(admission.usage("primary").map((limit) => limit.used)).toEqual([0, 0]);
    expect(() => admission.release(seat)).toThrow(/not held by this admission/);
  });

  it("a throttle cools the entry for the retry-after, and the picker routes the grade to its sibling meanwhile", async () => {
    const { time, admission, reserve } = setup();
    const seat = await reserve({ grade: "MEDIUM", inputTokens: 100, maxOutputTokens: 100 });
    expect(seat.entryId).toBe("primary");
    expect(admission.throttled(seat, 20_000)).toBe(true);
    expect(admission.coolingUntil("primary")).toBe(20_000);
    expect(
      (await reserve({ grade: "MEDIUM", inputTokens: 100, maxOutputTokens: 100 })).entryId,
    ).toBe("secondary");
    time.advance(20_000);
    expect(admission.coolingUntil("primary")).toBe(0);
    expect(
      (await reserve({ grade: "MEDIUM", inputTokens: 100, maxOutputTokens: 100 })).entryId,
    ).toBe("primary");
  });

  it("a pinned seat waits out its entry's cooldown instead of moving", async () => {
    const { time, admission, reserve } = setup();
    admission.throttled(
      await reserve({ entryId: "primary", inputTokens: 1, maxOutputTokens: 1 }),
      undefined,
    );
    const pinned = tracked(reserve({ entryId: "primary", inputTokens: 1, maxOutputTokens: 1 }));
    await flush();
    expect(pinned.settled()).toBeUndefined();
    time.advance(1_000); // the default cooldown
    await flush();
    expect(pinned.settled()?.entryId).toBe("primary");
  });

  it("usage-aware routing: a busy entry's seats go to a sibling with capacity now", async () => {
    const { reserve } = setup();
    expect(
      (await reserve({ grade: "MEDIUM", inputTokens: 9_000, maxOutputTokens: 0 })).entryId,
    ).toBe("primary");
    expect(
      (await reserve({ grade: "MEDIUM", inputTokens: 5_000, maxOutputTokens: 0 })).entryId,
    ).toBe("secondary");
  });

  it('an entry with seats already waiting is not "free now" for routing, and a NaN retry-after cools for the default', async () => {
    const { admission, reserve, time } = setup();
    await reserve({ entryId: "primary", inputTokens: 9_000, maxOutputTokens: 0 });
    void reserve({ entryId: "primary", inputTokens: 5_000, maxOutputTokens: 0 }).catch(() => {});
    await flush();
    expect((await reserve({ grade: "MEDIUM", inputTokens: 10, maxOutputTokens: 0 })).entryId).toBe(
      "secondary",
    );
    const seat = await reserve({ entryId: "secondary", inputTokens: 1, maxOutputTokens: 0 });
    admission.throttled(seat, Number.NaN);
    expect(admission.coolingUntil("secondary")).toBe(time.now() + 1_000);
  });

  it("a seat larger than a limit can ever hold is refused at once, naming entry, the limit's catalog key and size", async () => {
    const { reserve } = setup();
    await expect(
      reserve({ entryId: "primary", inputTokens: 9_000, maxOutputTokens: 2_000 }),
    ).rejects.toThrow(
      'A seat of 11000 tokens can never be admitted on entry "primary": its limits.tokensPerMinute is 10000.',
    );
    await expect(
      reserve({ entryId: "split", inputTokens: 10, maxOutputTokens: 1_001 }),
    ).rejects.toThrow(/1001 output tokens .*"split".*limits\.outputTokensPerMinute is 1000\./);
  });

  it("separate input and output limits are each enforced", async () => {
    const { admission, reserve } = setup();
    await reserve({ entryId: "split", inputTokens: 100, maxOutputTokens: 900 });
    const blocked = tracked(reserve({ entryId: "split", inputTokens: 100, maxOutputTokens: 200 }));
    await flush();
    expect(blocked.settled()).toBeUndefined(); // output would reach 1,100 of 1,000
    expect(admission.usage("split")).toEqual([
      { limit: "inputTokensPerMinute", used: 100, max: 5_000 },
      { limit: "outputTokensPerMinute", used: 900, max: 1_000 },
    ]);
  });

  it("requests per minute are enforced for entries that state only that", async () => {
    const { reserve } = setup();
    await reserve({ entryId: "few-requests", inputTokens: 1, maxOutputTokens: 1 });
    await reserve({ entryId: "few-requests", inputTokens: 1, maxOutputTokens: 1 });
    const third = tracked(reserve({ entryId: "few-requests", inputTokens: 1, maxOutputTokens: 1 }));
    await flush();
    expect(third.settled()).toBeUndefined();
  });

  it("a waiting seat whose job is cancelled leaves the queue and holds nothing", async () => {
    const { admission, reserve } = setup();
    await reserve({ entryId: "primary", inputTokens: 9_000, maxOutputTokens: 0 });
    const controller = new AbortController();
    const waiting = reserve(
      { entryId: "primary", inputTokens: 5_000, maxOutputTokens: 0 },
      controller.signal,
    );
    await flush();
    expect(admission.waiting("primary")).toBe(1);
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
    expect(admission.waiting("primary")).toBe(0);
    expect(admission.usage("primary")[1]!.used).toBe(9_000);
  });

  it("refuses bad requests by field: negative tokens, no grade, an unknown grade, a missing pin", async () => {
    const { reserve } = setup();
    await expect(
      reserve({ entryId: "primary", inputTokens: -1, maxOutputTokens: 1 }),
    ).rejects.toThrow(/"inputTokens"/);
    await expect(reserve({ inputTokens: 1, maxOutputTokens: 1 })).rejects.toThrow(
      /"grade".*or an entryId/,
    );
    await expect(
      reserve({ grade: "GIANT" as never, inputTokens: 1, maxOutputTokens: 1 }),
    ).rejects.toThrow(/"grade" \(got "GIANT"\)/);
    await expect(
      reserve({ entryId: "nowhere", inputTokens: 1, maxOutputTokens: 1 }),
    ).rejects.toThrow(/"entry" \(got "nowhere"\)/);
  });

  it("behind the dispatcher: a throttled job cools its entry and its retry lands on the sibling", async () => {
    const time = new ManualTimers(0);
    const admission = new CatalogAdmission({ catalog, clock: time, timers: time });
    const served: string[] = [];
    class Ask extends AbstractTool<null, string> {
      readonly name = "ask";
      readonly input = z.null();
      readonly output = z.string();
      override requirements(_input: null, _attempt: AttemptInfo) {
        return [{ grade: "MEDIUM" as const, inputTokens: 100, maxOutputTokens: 100 }];
      }
      execute(_input: null, resources: JobResources, _context: JobContext) {
        const seat = resources.seats[0] as CatalogSeat;
        served.push(seat.entryId);
        if (served.length === 1)
          throw new ThrottleSignal({ service: "openai", retryAfterMs: 30_000 });
        resources.recordUsage(seat, { inputTokens: 90, outputTokens: 10 });
        return seat.entryId;
      }
    }
    const handle = new JobDispatcher({ admission, clock: time, timers: time }).submit(
      new Ask(),
      null,
    );
    // No time passes: the admission took over the cooldown, so the dispatcher re-admits at once.
    await expect(handle).resolves.toBe("secondary");
    expect(served).toEqual(["primary", "secondary"]);
    expect(admission.usage("secondary")[1]!.used).toBe(100);
  });
});
