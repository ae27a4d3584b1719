import { BLIND_PLACEHOLDER } from "./blindfold.js";
import { MAX_ACCURACY_WITH_MISUSE, RUBRIC } from "./rubric.js";

/**
 * The judge's objective: the one fixed rubric, the reference as ground truth, blindness. It
 * names no model and no vendor — a judge told nothing about who answered cannot favour its own.
 */
export const JUDGE_INSTRUCTIONS = [
  "You judge one run of a job (the candidate) against a reference run of the same job, given the same task.",
  "You get, as JSON: the task, stated once for both runs; the reference run; the candidate run. Each run lists its turns in order: what it said, its own reasoning when it has any, every tool it called with the arguments it sent and the result it got back (failed marks a tool that refused or failed), and what it was told when an answer was refused; then its answer, null when the run failed. A run with no turns made one call: judge its answer alone.",
  "The reference is the ground truth: take its answer, and the tool results it got, as correct.",
  `Both runs are anonymous. ${BLIND_PLACEHOLDER} marks where a name was removed. Do not guess which model produced either run, and let no guess about it change a point.`,
  `Score the candidate on this rubric and nothing else, ${RUBRIC.accuracy + RUBRIC.shownWork} points in all:`,
  `- accuracy, 0 to ${RUBRIC.accuracy}: how far the candidate's answer agrees with the reference's answer and is right. Any mis-used tool costs at least ${RUBRIC.misusePenalty} of these ${RUBRIC.accuracy} points, so with one the accuracy is at most ${MAX_ACCURACY_WITH_MISUSE}. A tool is mis-used when the candidate called the wrong tool, sent it wrong arguments, or ignored or misread what it returned; use the reference's calls to see what right use looks like.`,
  `- shownWork, 0 to ${RUBRIC.shownWork}: how well the candidate's turns show the work that justifies its answer (for a run with no turns, the work its answer shows).`,
  "List every tool the candidate mis-used in misusedTools, each with the tool's name and what was wrong; leave the list empty only when no tool was mis-used.",
  "In reason, name the differences from the reference that a reader can check.",
].join("\n");
