import { InvalidInputError } from "@nucleo/core";

/**
 * The most recent entries, up to a bound, in a ring: adding one is O(1) however long the log
 * has run, so a server that answers millions of calls holds a flat amount of memory. With an
 * infinite bound it is a plain growing list; with 0 it keeps nothing.
 */
export class RequestLog<TEntry> {
  readonly #capacity: number;
  #ring: TEntry[] = [];
  /** Where the next entry goes once the ring is full (the oldest entry's slot). */
  #next = 0;
  /** The entries oldest first, built when read and kept until the next change. */
  #snapshot: readonly TEntry[] | undefined;

  /**
   * @param capacity how many entries to keep: a whole number, 0 or more, or `Infinity`.
   * @param parameter the option's name, for the error a bad capacity gets.
   * @throws {InvalidInputError} naming `parameter` when `capacity` is not such a number.
   */
  constructor(capacity: number, parameter: string) {
    if (
      typeof capacity !== "number" ||
      !(capacity === Number.POSITIVE_INFINITY || (Number.isSafeInteger(capacity) && capacity >= 0))
    ) {
      throw new InvalidInputError({
        parameter,
        value: String(capacity),
        expected: "a whole number of calls, 0 or more, or Infinity",
      });
    }
    this.#capacity = capacity;
  }

  /** How many entries it keeps at most. */
  get capacity(): number {
    return this.#capacity;
  }

  /** Adds an entry, dropping the oldest one when the log is full. */
  add(entry: TEntry): void {
    if (this.#capacity === 0) return;
    this.#snapshot = undefined;
    if (this.#ring.length < this.#capacity) {
      this.#ring.push(entry);
      return;
    }
    this.#ring[this.#next] = entry;
    this.#next = (this.#next + 1) % this.#capacity;
  }

  /**
   * The entries kept, oldest first: a copy that later entries do not change, made once per
   * change however often it is read.
   */
  entries(): readonly TEntry[] {
    this.#snapshot ??=
      this.#next === 0
        ? [...this.#ring]
        : [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)];
    return this.#snapshot;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#ring = [];
    this.#next = 0;
    this.#snapshot = undefined;
  }
}
