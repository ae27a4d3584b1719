import type { Settlement } from "./budget-functions.js";

/** The most settlements one call carries: a bound on the statement's arrays. */
export const MAX_SETTLEMENTS_PER_CALL = 256;

/** A settlement waiting for its call, and the caller waiting for it. */
interface Waiting extends Settlement {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Sends an entry's settlements to the database together when they come faster than one call
 * at a time: a settlement goes at once when none of its entry's is on its way, and those that
 * come meanwhile wait for that call to end and then go in one call (in the order they came).
 * Settling takes the entry's lock, so calls on one entry run one after another anyway; one
 * call for many settles the same bookings for a fraction of the round trips. Each caller's
 * promise settles with its own call. A booking named again while it waits starts a new call,
 * so every call names each booking once.
 *
 * @internal
 */
export class SettlementQueue {
  readonly #send: (entryId: string, settlements: readonly Settlement[]) => Promise<void>;
  /** Per entry with a call on its way: the settlements that came since. */
  readonly #waiting = new Map<string, Waiting[]>();

  /** `send`: settles the bookings of one entry in one call. */
  constructor(send: (entryId: string, settlements: readonly Settlement[]) => Promise<void>) {
    this.#send = send;
  }

  /** Settles one booking of `entryId`, with the next call for that entry. */
  settle(entryId: string, settlement: Settlement): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiting = this.#waiting.get(entryId);
      if (waiting !== undefined) {
        waiting.push({ ...settlement, resolve, reject });
        return;
      }
      this.#waiting.set(entryId, [{ ...settlement, resolve, reject }]);
      void this.#drain(entryId);
    });
  }

  /** Sends the entry's waiting settlements, call after call, until none is left. */
  async #drain(entryId: string): Promise<void> {
    const waiting = this.#waiting.get(entryId)!;
    while (waiting.length > 0) {
      const call = takeCall(waiting);
      try {
        await this.#send(entryId, call);
        for (const settlement of call) settlement.resolve();
      } catch (error) {
        for (const settlement of call) settlement.reject(error);
      }
    }
    this.#waiting.delete(entryId);
  }
}

/** Takes the next call's settlements off the front of `waiting`: in order, each booking once, at most the bound. */
function takeCall(waiting: Waiting[]): Waiting[] {
  const ids = new Set<string>();
  let count = 0;
  while (
    count < waiting.length &&
    count < MAX_SETTLEMENTS_PER_CALL &&
    !ids.has(waiting[count]!.id)
  ) {
    ids.add(waiting[count]!.id);
    count += 1;
  }
  return waiting.splice(0, count);
}
