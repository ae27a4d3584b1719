import { afterEach } from "vitest";
import { MockProviderServer } from "../mock-provider-server.js";
import type { MockServerOptions } from "../mock-types.js";

/** A prompt text of exactly `tokens` tokens as {@link countMarkedTokens} counts them. */
export function tok(tokens: number): string {
  return "tok ".repeat(tokens).trimEnd();
}

/**
 * Counts the `tok` words in a text and nothing else — JSON punctuation and field names are
 * free — so a test can state a prompt's tokens exactly, block by block.
 */
export function countMarkedTokens(text: string): number {
  return text.match(/\btok\b/g)?.length ?? 0;
}

/** A clock a test moves by hand. */
export interface ManualClock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

/** A {@link ManualClock} starting at 0. */
export function manualClock(): ManualClock {
  let time = 0;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
    set: (ms) => {
      time = ms;
    },
  };
}

/**
 * Mock servers for a test file's cache tests: on one {@link ManualClock}, counting `tok` words
 * ({@link countMarkedTokens}), each stopped after its test and the clock set back to 0.
 */
export function cachingServers(): {
  readonly clock: ManualClock;
  start(options?: MockServerOptions): Promise<MockProviderServer>;
} {
  const servers: MockProviderServer[] = [];
  const clock = manualClock();
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    clock.set(0);
  });
  return {
    clock,
    async start(options = {}) {
      const server = await MockProviderServer.start({
        clock,
        countTokens: countMarkedTokens,
        ...options,
      });
      servers.push(server);
      return server;
    },
  };
}
