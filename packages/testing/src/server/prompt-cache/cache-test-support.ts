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
