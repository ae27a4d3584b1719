import type { MockServerLimits } from "./mock-types.js";

interface WindowEntry {
  readonly at: number;
  /** Filled in once the answer's usage is known; 0 for answers that report none. */
  tokens: number;
}

/** Whether a call may go ahead, and if not, which limit refused it and for how long. */
export type LimitDecision =
  | { readonly allowed: true; readonly entry: WindowEntry }
  | {
      readonly allowed: false;
      readonly limit: "requests" | "tokens";
      readonly retryAfterSeconds: number;
      readonly message: string;
    };

/**
 * Requests-per-minute and tokens-per-minute limits over a rolling window, as providers enforce
 * them. A call is refused when the window already holds the allowed number of requests, or when
 * the tokens already in it plus the call's prompt estimate would pass the budget — unless the
 * window holds no tokens, so one oversized call can still go through. Retry-after is the time
 * until enough of the window has rolled off, in whole seconds, rounded up.
 */
export class RollingLimits {
  readonly #limits: MockServerLimits;
  readonly #windowMs: number;
  #entries: WindowEntry[] = [];

  constructor(limits: MockServerLimits) {
    this.#limits = limits;
    this.#windowMs = limits.windowMs ?? 60_000;
  }

  /** Decides a call at `now` whose prompt is about `promptTokens`; an allowed call takes a place in the window. */
  admit(now: number, promptTokens: number): LimitDecision {
    this.#entries = this.#entries.filter((entry) => entry.at + this.#windowMs > now);
    const requestWaitMs = this.#requestWaitMs(now);
    const tokenWaitMs = this.#tokenWaitMs(now, promptTokens);
    if (requestWaitMs === null && tokenWaitMs === null) {
      const entry: WindowEntry = { at: now, tokens: 0 };
      this.#entries.push(entry);
      return { allowed: true, entry };
    }
    const limit = requestWaitMs !== null ? "requests" : "tokens";
    const waitMs = Math.max(requestWaitMs ?? 0, tokenWaitMs ?? 0);
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    const allowed =
      limit === "requests" ? this.#limits.requestsPerMinute : this.#limits.tokensPerMinute;
    const used = limit === "requests" ? this.#entries.length : this.#tokensInWindow();
    const message = `Rate limit reached for ${limit} per minute (mock): limit ${allowed}, used ${used}. Please try again in ${retryAfterSeconds}s.`;
    return { allowed: false, limit, retryAfterSeconds, message };
  }

  #requestWaitMs(now: number): number | null {
    const limit = this.#limits.requestsPerMinute;
    if (limit === undefined || this.#entries.length < limit) return null;
    // The oldest entries must roll off until one place is free.
    const freeing = this.#entries[this.#entries.length - limit]!;
    return freeing.at + this.#windowMs - now;
  }

  #tokenWaitMs(now: number, promptTokens: number): number | null {
    const limit = this.#limits.tokensPerMinute;
    let used = this.#tokensInWindow();
    if (limit === undefined || used === 0 || used + promptTokens <= limit) return null;
    for (const entry of this.#entries) {
      used -= entry.tokens;
      if (used === 0 || used + promptTokens <= limit) return entry.at + this.#windowMs - now;
    }
    return this.#windowMs;
  }

  #tokensInWindow(): number {
    return this.#entries.reduce((sum, entry) => sum + entry.tokens, 0);
  }
}
