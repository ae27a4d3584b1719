/**
 * A conversation as the recorder has seen it grow: the hashes of its messages by position,
 * and how many of those positions are committed to the database.
 *
 * @internal
 */
export interface RequestThread {
  /** Named after the call that started it (`<job id>:<seq>`): unique, since job ids are. */
  readonly id: string;
  readonly hashes: string[];
  committed: number;
}

/**
 * Which thread a model call's request continues. A loop re-sends its conversation every turn,
 * the same first turn object each time: a request whose first message is that object and whose
 * hashes agree with the thread's continues it, adding only its new positions; one that
 * disagrees (a compacted conversation, a branch) starts a thread of its own. Held by the first
 * message's identity, weakly: a conversation let go of lets its thread go too. After a restart
 * the first request of a conversation starts a new thread — correct, only less compact.
 *
 * @internal
 */
export class RequestThreads {
  readonly #byFirst = new WeakMap<object, RequestThread>();

  /** The thread of a request whose first message object is `first`, its hashes `hashes`. */
  place(first: object, hashes: readonly string[], callKey: string): RequestThread {
    const known = this.#byFirst.get(first);
    if (known !== undefined && agrees(known.hashes, hashes)) {
      for (let position = known.hashes.length; position < hashes.length; position++)
        known.hashes.push(hashes[position]!);
      return known;
    }
    const started: RequestThread = { id: callKey, hashes: [...hashes], committed: 0 };
    this.#byFirst.set(first, started);
    return started;
  }
}

function agrees(known: readonly string[], hashes: readonly string[]): boolean {
  const shared = Math.min(known.length, hashes.length);
  for (let position = 0; position < shared; position++)
    if (known[position] !== hashes[position]) return false;
  return true;
}
