/**
 * The position of each of many ids in a list, for ids read from the database: an open-addressing
 * hash table over typed arrays, because a `Map` of freshly read ids is slow to fill at a
 * trajectory's size (the README's "How fast"). The hash is seeded at random per index, so no
 * set of ids can be chosen to collide.
 *
 * @internal
 */
export class IdIndex {
  readonly #ids: readonly string[];
  readonly #slots: Int32Array;
  readonly #mask: number;
  readonly #seed = (Math.random() * 0x1_0000_0000) >>> 0;

  /** Indexes `ids` by position; an id listed twice is found at its first position. */
  constructor(ids: readonly string[]) {
    this.#ids = ids;
    let capacity = 16;
    while (capacity < ids.length * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#slots = new Int32Array(capacity).fill(-1);
    for (let position = 0; position < ids.length; position += 1) {
      let slot = this.#hash(ids[position]!) & this.#mask;
      while (this.#slots[slot] !== -1) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = position;
    }
  }

  /** How many ids were indexed. */
  get size(): number {
    return this.#ids.length;
  }

  /** The position of `id`, or -1 when it is not in the list. */
  positionOf(id: string): number {
    for (let slot = this.#hash(id) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const position = this.#slots[slot]!;
      if (position === -1 || this.#ids[position] === id) return position;
    }
  }

  /** Whether `id` is in the list. */
  has(id: string): boolean {
    return this.positionOf(id) !== -1;
  }

  /** FNV-1a over the UTF-16 code units, from a random seed. */
  #hash(id: string): number {
    let hash = 0x811c9dc5 ^ this.#seed;
    for (let index = 0; index < id.length; index += 1)
      hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
    return hash >>> 0;
  }
}
