/**
 * Mints job ids in UUID form — unique across a fleet sharing one Postgres, and storable in a
 * `uuid` column — cheaply: a random prefix per minter (74 random bits, version 4 layout) and a
 * 48-bit counter as the last group. A fresh `crypto.randomUUID()` per job costs about 490
 * bytes of heap while the id lives (it is built from 14 joined pieces); this costs about 60.
 *
 * @internal
 */
export function createJobIds(randomUUID: () => string = () => crypto.randomUUID()): () => string {
  let prefix = randomUUID().slice(0, 24);
  let counter = 0;
  // The counter's upper 24 bits change once in 16.7 million ids: their hex is kept with the
  // prefix, and the lower 24 bits are three table lookups — no number formatting per job.
  let high = -1;
  let prefixHigh = "";
  return () => {
    if (counter === 0xffff_ffff_ffff) {
      prefix = randomUUID().slice(0, 24);
      counter = 0;
      high = -1;
    }
    counter += 1;
    const upper = Math.floor(counter / 0x100_0000);
    if (upper !== high) {
      high = upper;
      prefixHigh = prefix + upper.toString(16).padStart(6, "0");
    }
    const low = counter & 0xff_ffff;
    return prefixHigh + HEX[low >>> 16]! + HEX[(low >>> 8) & 0xff]! + HEX[low & 0xff]!;
  };
}

/** Two hex digits for every byte. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_unused, byte) =>
  byte.toString(16).padStart(2, "0"),
);
