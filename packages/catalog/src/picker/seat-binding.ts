import type { Depth, Grade, GradeRung, OutputSize } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";

/** What a seat asks the picker for: the three seat words, and an optional pin. */
export interface SeatWords {
  /** A rung or `CEILING` (other words are refused at run time, by name). */
  readonly grade: Grade;
  readonly depth: Depth;
  readonly output: OutputSize;
  /** A catalog entry id: bypasses the picker, never the envelope. */
  readonly pin?: string;
}

/** A seat made concrete: the entry and the numbers behind the seat's words. */
export interface SeatBinding {
  readonly entry: CatalogEntry;
  /** The rung the seat resolved to (`CEILING` resolved). */
  readonly grade: GradeRung;
  /** The answer budget of the output rung on this entry. */
  readonly outputBudget: number;
  /** The reasoning tokens this entry spends at the seat's depth. */
  readonly reasoningTokens: number;
  /**
   * What the seat books as `max_tokens`: answer plus reasoning, capped at the entry's output
   * ceiling (providers count reasoning inside the output limit).
   */
  readonly maxOutputTokens: number;
}
