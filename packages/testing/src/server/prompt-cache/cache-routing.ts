/** How long the routing counts a routing key's requests. */
const ROUTING_WINDOW_MS = 60_000;
/** The machines a routing key's overflow spreads over, besides its own. */
export const OVERFLOW_MACHINES = 4;
/** How many routed requests pass between sweeps of keys that went quiet. */
const SWEEP_EVERY = 1_000;

/**
 * OpenAI's routing of requests to cache machines: each routing key (start of the prompt +
 * `prompt_cache_key`) has a machine of its own, which takes up to `requestsPerMinute` of the
 * key's requests in any minute; the rest overflow, round-robin, over {@link OVERFLOW_MACHINES}
 * other machines, each with a cache of its own.
 */
export class CacheRouting {
  readonly #requestsPerMinute: number;
  readonly #recent = new Map<string, number[]>();
  #routed = 0;

  constructor(requestsPerMinute: number) {
    this.#requestsPerMinute = requestsPerMinute;
  }

  /** The machine a request with `routingKey` at `now` lands on: `routingKey#0` is its own. */
  route(routingKey: string, now: number): string {
    const recent = this.#inWindow(routingKey, now);
    recent.push(now);
    this.#recent.set(routingKey, recent);
    if (++this.#routed % SWEEP_EVERY === 0) this.#sweep(now);
    const beyond = recent.length - this.#requestsPerMinute;
    const machine = beyond <= 0 ? 0 : 1 + ((beyond - 1) % OVERFLOW_MACHINES);
    return `${routingKey}#${machine}`;
  }

  #inWindow(routingKey: string, now: number): number[] {
    return (this.#recent.get(routingKey) ?? []).filter((at) => at > now - ROUTING_WINDOW_MS);
  }

  #sweep(now: number): void {
    for (const routingKey of [...this.#recent.keys()]) {
      if (this.#inWindow(routingKey, now).length === 0) this.#recent.delete(routingKey);
    }
  }
}
