import assert from "node:assert/strict";
import type { FleetTurn, SharedBatchAnswer, SharedBudgetStore } from "@nucleo/catalog";
import { T0, WINDOW_MS, expectRefusal, type SharedBudgetStoreCase } from "./case-support.js";

const limits = { tokensPerMinute: 1_000 };
const HOLD_MS = 2_000;

/** One seat of `inputTokens` on `entryId`, asked at `now` by a seat waiting since `since`. */
function ask(
  store: SharedBudgetStore,
  entryId: string,
  inputTokens: number,
  now: number,
  since?: number,
): Promise<SharedBatchAnswer> {
  const turn: FleetTurn | undefined = since === undefined ? undefined : { since, holdMs: HOLD_MS };
  return store.bookInOrder(
    { entryId, limits },
    [{ inputTokens, outputTokens: 0 }],
    now,
    WINDOW_MS,
    turn,
  );
}

function assertBooked(answer: SharedBatchAnswer, booked: boolean, what: string): void {
  assert.equal(answer.booked.length, booked ? 1 : 0, `${what}: ${booked ? "booked" : "refused"}`);
}

/**
 * Fleet turns (`bookInOrder`'s `turn`): the oldest seat the store could not book keeps its room
 * against younger seats of any process, until it books or its claim lapses.
 */
export const turnCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "a younger seat books nothing the fleet's oldest waiting seat needs",
    async run(store) {
      assertBooked(await ask(store, "turn-hold", 600, T0), true, "600 of 1,000");
      assertBooked(
        await ask(store, "turn-hold", 500, T0 + 1, T0 + 1),
        false,
        "500 waiting since T0+1",
      );
      const younger = await ask(store, "turn-hold", 300, T0 + 2, T0 + 2);
      assertBooked(younger, false, "300 would fit, but takes the older seat's room");
      assert.ok(younger.waitMs > 0, "a held-back seat is told to wait");
      assertBooked(
        await ask(store, "turn-hold", 300, T0 + 2),
        true,
        "a call without a turn ignores claims",
      );
    },
  },
  {
    name: "once the claimant books, younger seats book what is left",
    async run(store) {
      const first = await ask(store, "turn-done", 600, T0);
      await ask(store, "turn-done", 500, T0 + 1, T0 + 1);
      await store.settle(first.booked[0]!, 100, 0);
      assertBooked(
        await ask(store, "turn-done", 500, T0 + 3, T0 + 1),
        true,
        "the claimant, asking again",
      );
      assertBooked(
        await ask(store, "turn-done", 300, T0 + 4, T0 + 2),
        true,
        "the younger seat after it",
      );
    },
  },
  {
    name: "a claim lapses when its seat does not ask again within holdMs",
    async run(store) {
      await ask(store, "turn-lapse", 600, T0);
      await ask(store, "turn-lapse", 500, T0 + 1, T0 + 1);
      assertBooked(
        await ask(store, "turn-lapse", 300, T0 + 1 + HOLD_MS, T0 + 2),
        true,
        "after the hold",
      );
    },
  },
  {
    name: "an older seat takes the claim from a younger one",
    async run(store) {
      const held = await ask(store, "turn-older", 600, T0);
      await ask(store, "turn-older", 450, T0 + 5, T0 + 5); // refused: claims its room
      await ask(store, "turn-older", 500, T0 + 6, T0 + 1); // older, refused: takes the claim
      await store.settle(held.booked[0]!, 100, 0);
      assertBooked(
        await ask(store, "turn-older", 450, T0 + 7, T0 + 5),
        false,
        "100 held + 500 claimed by the older seat leave no 450",
      );
      assertBooked(await ask(store, "turn-older", 500, T0 + 8, T0 + 1), true, "the older seat");
    },
  },
  {
    name: "a turn that is not a time and a positive hold is refused, naming it",
    async run(store) {
      const seat = [{ inputTokens: 1, outputTokens: 0 }];
      const terms = { entryId: "turn-bad", limits };
      await expectRefusal(
        () => store.bookInOrder(terms, seat, T0, WINDOW_MS, { since: Number.NaN, holdMs: 1 }),
        "turn.since",
        "a since that is not a time",
      );
      await expectRefusal(
        () => store.bookInOrder(terms, seat, T0, WINDOW_MS, { since: T0, holdMs: 0 }),
        "turn.holdMs",
        "a hold of 0",
      );
    },
  },
];
