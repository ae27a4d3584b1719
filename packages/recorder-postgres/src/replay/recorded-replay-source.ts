import type { RecalledOutput, ReplaySource } from "@nucleo/core";

/**
 * A {@link ReplaySource} over checkpoints read from the recorder (`ReplayCheckpoints.load`):
 * a job's recorded output, by its position and fingerprint, held in memory so a resumed
 * workflow asks it synchronously. `size` is how many outputs it holds.
 */
export class RecordedReplaySource implements ReplaySource {
  readonly #outputs = new Map<string, RecalledOutput>();

  /** How many recorded outputs it can return. */
  get size(): number {
    return this.#outputs.size;
  }

  recall(position: string, fingerprint: string): RecalledOutput | undefined {
    return this.#outputs.get(keyOf(position, fingerprint));
  }

  /**
   * Holds `recalled` for the job at `position` asked `fingerprint`, replacing what was held
   * there (a later attempt's output wins).
   *
   * @internal
   */
  hold(position: string, fingerprint: string, recalled: RecalledOutput): void {
    this.#outputs.set(keyOf(position, fingerprint), recalled);
  }
}

// The fingerprint's length first, so no pair of texts makes another pair's key.
const keyOf = (position: string, fingerprint: string): string =>
  `${fingerprint.length}:${fingerprint}${position}`;
