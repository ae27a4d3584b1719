/** How failed sign-ins are slowed down. */
export interface ThrottleSettings {
  /** Failures allowed before the first wait. Default 3. */
  readonly freeFailures: number;
  /** The first wait; each later failure doubles it. Default 1 s. */
  readonly firstDelayMs: number;
  /** The longest wait. Default 5 minutes. */
  readonly maxDelayMs: number;
  /** A client's failures are forgotten this long after its last one. Default 1 hour. */
  readonly forgetAfterMs: number;
}

/** The defaults: 3 free tries, then 1 s, 2 s, 4 s, ... up to 5 minutes. */
export const THROTTLE_DEFAULTS: ThrottleSettings = Object.freeze({
  freeFailures: 3,
  firstDelayMs: 1_000,
  maxDelayMs: 300_000,
  forgetAfterMs: 3_600_000,
});

const MAX_KEYS = 10_000;

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

/**
 * Slows down password guessing: after a few failed sign-ins under a key (the console keys by
 * client address), every further attempt is refused outright until a wait has passed, and the
 * wait doubles with each failure. A success clears the key's failures. Time comes from the
 * caller's clock. Memory is bounded: past 10,000 keys, forgotten ones are dropped, then (under a
 * spray of addresses) the longest quiet.
 */
export class SignInThrottle {
  readonly #settings: ThrottleSettings;
  readonly #failures = new Map<string, Failures>();

  constructor(settings: Partial<ThrottleSettings> = {}) {
    this.#settings = { ...THROTTLE_DEFAULTS, ...settings };
  }

  /** Milliseconds until `keys` may try again; 0 when they may now. */
  waitMs(keys: readonly string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const failures = this.#current(key, now);
      if (failures !== undefined) wait = Math.max(wait, failures.blockedUntil - now);
    }
    return Math.max(0, wait);
  }

  /** Counts a failed sign-in against every key. */
  failed(keys: readonly string[], now: number): void {
    this.#prune(now);
    for (const key of keys) {
      const failures = this.#current(key, now) ?? { count: 0, lastAt: now, blockedUntil: 0 };
      failures.count += 1;
      failures.lastAt = now;
      const over = failures.count - this.#settings.freeFailures;
      if (over > 0) {
        const delay = Math.min(
          this.#settings.maxDelayMs,
          this.#settings.firstDelayMs * 2 ** (over - 1),
        );
        failures.blockedUntil = now + delay;
      }
      this.#failures.set(key, failures);
    }
  }

  /** Forgets the keys' failures after a successful sign-in. */
  succeeded(keys: readonly string[]): void {
    for (const key of keys) this.#failures.delete(key);
  }

  /** How many keys it holds failures for. */
  get size(): number {
    return this.#failures.size;
  }

  #current(key: string, now: number): Failures | undefined {
    const failures = this.#failures.get(key);
    if (failures !== undefined && now - failures.lastAt > this.#settings.forgetAfterMs) {
      this.#failures.delete(key);
      return undefined;
    }
    return failures;
  }

  // Bounded memory under a spray of addresses. Only failures past their forgetting go first: an
  // entry that is merely not blocked this instant still holds its doubling.
  #prune(now: number): void {
    if (this.#failures.size < MAX_KEYS) return;
    for (const [key, failures] of this.#failures) {
      if (now - failures.lastAt > this.#settings.forgetAfterMs) this.#failures.delete(key);
    }
    // Still full: the map is in insertion order, so the first entries are the oldest keys.
    for (const key of this.#failures.keys()) {
      if (this.#failures.size < MAX_KEYS * 0.9) break;
      this.#failures.delete(key);
    }
  }
}
