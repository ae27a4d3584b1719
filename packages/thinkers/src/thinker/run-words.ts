import type { ChildSubmitOptions, Depth, Grade, ThinkerDeclaration } from "@nucleo/core";
import type { Conversation } from "@nucleo/conversation";
import { META_PARENT_DEPTH } from "./run-metadata.js";

// The three seat words of a run: a few hundred combinations at most, shared and frozen, found
// by three lookups rather than a key string built per run.
const SEATS = new Map<Grade, Map<Depth, Map<string | number, Conversation["seat"]>>>();

/** The (shared, frozen) seat words for a grade, a depth and an output size. */
export function seatFor(
  grade: Grade,
  depth: Depth,
  output: ThinkerDeclaration["output"],
): Conversation["seat"] {
  let byDepth = SEATS.get(grade);
  if (!byDepth) SEATS.set(grade, (byDepth = new Map()));
  let byOutput = byDepth.get(depth);
  if (!byOutput) byDepth.set(depth, (byOutput = new Map()));
  const outputKey = typeof output === "string" ? output : output.tokens;
  let seat = byOutput.get(outputKey);
  if (!seat) {
    seat = Object.freeze({ grade, depth, output });
    // Raw token budgets are a seat's own choice: a bound keeps many distinct ones from piling up.
    if (byOutput.size >= 256) byOutput.clear();
    byOutput.set(outputKey, seat);
  }
  return seat;
}

// What a run tells every child it submits depends only on its depth (the sealed scope travels
// by itself): four shared, frozen objects rather than fresh ones per run.
const CHILD_OPTIONS = new Map<Depth, ChildSubmitOptions>();

/** The options every child of a run is submitted with: the run's depth. */
export function childOptionsFor(depth: Depth): ChildSubmitOptions {
  let options = CHILD_OPTIONS.get(depth);
  if (!options) {
    options = Object.freeze({ metadata: Object.freeze({ [META_PARENT_DEPTH]: depth }) });
    CHILD_OPTIONS.set(depth, options);
  }
  return options;
}
