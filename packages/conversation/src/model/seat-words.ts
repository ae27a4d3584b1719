import type { Depth, Grade, OutputSize } from "@nucleo/core";

/**
 * The three words a seat speaks — "MEDIUM model, STANDARD effort, COMPACT answer" — stamped on
 * a conversation when the service hands it out, so the first call and the fit check read them
 * before any per-call code runs.
 */
export interface SeatWords {
  readonly grade: Grade;
  readonly depth: Depth;
  readonly output: OutputSize;
}
