/** How many (workflow, hash) pairs a recorder remembers by default: a few megabytes at most. */
export const WRITTEN_MESSAGES_KEPT = 50_000;

/**
 * The messages this recorder has committed, by workflow and hash, so a batch does not send a
 * body the database already holds: a loop's every call references its whole conversation, and
 * only its new turns need to travel. Bounded: past `capacity` pairs the workflows used least
 * recently are forgotten, and their messages are sent again should they come up — harmless,
 * since `nucleo_messages` inserts `on conflict do nothing`, which is also what keeps another
 * process, or this one after a restart, correct without this memory.
 *
 * @internal
 */
export class WrittenMessages {
  readonly #capacity: number;
  /** Hashes by workflow, least recently written workflow first (a Map keeps insertion order). */
  readonly #roots = new Map<string, Set<string>>();
  #size = 0;

  constructor(capacity = WRITTEN_MESSAGES_KEPT) {
    this.#capacity = capacity;
  }

  /** How many pairs are remembered. */
  get size(): number {
    return this.#size;
  }

  has(rootId: string, hash: string): boolean {
    return this.#roots.get(rootId)?.has(hash) === true;
  }

  /** Remembers messages just committed, all of one batch. */
  addAll(messages: readonly { readonly root_id: string; readonly hash: string }[]): void {
    let rootId: string | undefined;
    let hashes: Set<string> | undefined;
    for (const { root_id, hash } of messages) {
      if (root_id !== rootId) {
        rootId = root_id;
        hashes = this.#roots.get(root_id);
        // Moved to the end: this workflow is the most recently written.
        if (hashes !== undefined) this.#roots.delete(root_id);
        else hashes = new Set();
        this.#roots.set(root_id, hashes);
      }
      if (hashes!.has(hash)) continue;
      hashes!.add(hash);
      this.#size += 1;
    }
    this.#evict();
  }

  #evict(): void {
    for (const [rootId, hashes] of this.#roots) {
      if (this.#size <= this.#capacity) return;
      this.#roots.delete(rootId);
      this.#size -= hashes.size;
    }
  }
}
