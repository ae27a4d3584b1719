// A shared store that fails or answers nonsense never loses a seat nor leaks a secret, and
// a bad sharedPollMs is refused by name.
import { ManualTimers, RecordingLogger, runFor, settlePromises } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { CatalogAdmission } from "./catalog-admission.js";
import { RecordingStore } from "./test-support/recording-store.js";
import { catalog, fleet, pinned, tracked } from "./test-support/shared-fleet.js";

describe("CatalogAdmission with a shared budget store: store failures and settings", () => {
  it("a store that rejects keeps the seat waiting, is logged with its entry, and is asked again after sharedPollMs; the abort signal still works", async () => {
    const { time, store, logger, admissions, reserve } = fleet(1);
    const [one] = admissions;
    store.failBook = new Error("database unavailable");
    const patient = reserve(one!, pinned("primary"));
    const controller = new AbortController();
    const impatient = reserve(one!, pinned("secondary"), controller.signal);
    await settlePromises();
    expect(
      logger.entries.map((logged) => [
        logged.level,
        logged.fields.operation,
        logged.fields.entryId,
      ]),
    ).toEqual([
      ["warn", "book", "primary"],
      ["warn", "book", "secondary"],
    ]);
    expect(logger.entries[0]).toMatchObject({
      fields: {
        component: "catalog-admission",
        error: { name: "Error", message: "database unavailable" },
      },
      message:
        'The shared budget store failed to book on entry "primary": the seat keeps waiting and asks again.',
    });
    controller.abort(new Error("gave up"));
    await settlePromises();
    expect(impatient.error()).toEqual(new Error("gave up"));
    store.failBook = undefined;
    await runFor(time, 999);
    expect(patient.seat()).toBeUndefined();
    await runFor(time, 1);
    expect(patient.seat()?.grantedAt).toBe(1_000);
    expect(store.of("bookInOrder").map((call) => call.terms.entryId)).toEqual([
      "primary",
      "secondary",
      "primary",
    ]);
  });

  it("a store answering a wait that is not positive is reported and asked again after sharedPollMs", async () => {
    const time = new ManualTimers(0);
    const logger = new RecordingLogger();
    const inner = new RecordingStore();
    let answers = 0;
    const store = Object.assign(Object.create(inner) as RecordingStore, {
      bookInOrder: async (...args: Parameters<RecordingStore["bookInOrder"]>) =>
        answers++ === 0 ? { booked: [], waitMs: 0 } : inner.bookInOrder(...args),
    });
    const admission = new CatalogAdmission({
      catalog,
      clock: time,
      timers: time,
      shared: store,
      logger,
    });
    const seat = tracked(
      admission.reserve(pinned("primary"), { signal: new AbortController().signal, jobId: "job" }),
    );
    await runFor(time, 999);
    expect(seat.seat()).toBeUndefined();
    expect(logger.entries[0]?.fields.error).toMatchObject({
      code: "shared_store_answer",
      message: expect.stringMatching(
        /answered a wait of 0 ms with seats left unbooked for entry "primary"/,
      ),
    });
    await runFor(time, 1);
    expect(seat.seat()?.grantedAt).toBe(1_000);
  });

  it("failures to settle, cancel or cool down are logged and otherwise harmless", async () => {
    const { time, store, logger, admissions, reserve } = fleet(1);
    const [one] = admissions;
    const seats = [
      reserve(one!, pinned("primary", 100)),
      reserve(one!, pinned("primary", 100)),
      reserve(one!, pinned("primary", 100)),
    ];
    await settlePromises();
    store.failOthers = new Error("database unavailable");
    one!.settle(seats[0]!.seat()!, { inputTokens: 50, outputTokens: 0 });
    one!.release(seats[1]!.seat()!);
    expect(one!.throttled(seats[2]!.seat()!, 5_000)).toBe(true);
    await settlePromises();
    expect(logger.entries.map((logged) => logged.fields.operation)).toEqual([
      "settle",
      "cancel",
      "cancel",
      "coolDown",
    ]);
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([1, 50]);
    const next = reserve(one!, pinned("primary", 100));
    await runFor(time, 5_000); // the local cooldown still holds
    expect(next.seat()?.grantedAt).toBe(5_000);
  });

  it("a store failure is logged without the secret its error quotes", async () => {
    const { store, logger, admissions, reserve } = fleet(1);
    const [one] = admissions;
    store.failBook = new Error(
      "connect ECONNREFUSED postgres://app:canary-Pa55word-7f3e@db:5432/nucleo password=canary-Pa55word-7f3e",
    );
    reserve(one!, pinned("primary"));
    await settlePromises();
    expect(logger.entries).toHaveLength(1);
    expect(logger.text()).not.toContain("canary-Pa55word-7f3e");
  });

  it("refuses a sharedPollMs that is not a positive number of milliseconds, naming it", () => {
    for (const sharedPollMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(
        () => new CatalogAdmission({ catalog, shared: new RecordingStore(), sharedPollMs }),
      ).toThrow(/"sharedPollMs"/);
    }
  });
});
