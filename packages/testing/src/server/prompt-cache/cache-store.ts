interface Entry {
  expiresAt: number;
  lifetimeMs: number;
}

/**
 * Cached prefixes by key, each with its lifetime: an entry lives `lifetimeMs` after it was
 * last written or read. Bounded: past `capacity` entries the least recently used goes, so a
 * server answering for days holds a flat amount of memory.
 */
export class CacheStore {
  readonly #capacity: number;
  readonly #entries = new Map<string, Entry>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Whether `key` is cached and alive at `now`, without refreshing it. Drops it when expired. */
  has(key: string, now: number): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    if (entry.expiresAt > now) return true;
    this.#entries.delete(key);
    return false;
  }

  /** Reads `key` at `now`: its lifetime starts over. */
  refresh(key: string, now: number): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined) this.#put(key, entry, now + entry.lifetimeMs);
  }

  /** Writes `key` at `now` for `lifetimeMs`; an entry already there keeps the longer lifetime. */
  write(key: string, lifetimeMs: number, now: number): void {
    const known = this.has(key, now) ? this.#entries.get(key) : undefined;
    const entry = { lifetimeMs: Math.max(lifetimeMs, known?.lifetimeMs ?? 0), expiresAt: 0 };
    this.#put(key, entry, Math.max(now + lifetimeMs, known?.expiresAt ?? 0));
  }

  /** How many entries it holds, expired ones not yet dropped included. */
  get size(): number {
    return this.#entries.size;
  }

  #put(key: string, entry: Entry, expiresAt: number): void {
    // Re-inserting moves the key to the end: the map's order is least recently used first.
    this.#entries.delete(key);
    this.#entries.set(key, { ...entry, expiresAt });
    if (this.#entries.size > this.#capacity)
      this.#entries.delete(this.#entries.keys().next().value as string);
  }
}
