import type { WireView } from "./wire-view.js";

/** A tool call the mock model makes. */
export interface MockToolCallAnswer {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * One mock model turn: text (the answer's JSON), tool calls, or both. `reasoning` goes into
 * a native thinking block when the request thinks natively (Anthropic entries with a thinking
 * budget), where the envelope's own `reasoning` is not asked for.
 */
export interface MockTurn {
  readonly text?: string;
  readonly toolCalls?: readonly MockToolCallAnswer[];
  readonly reasoning?: string;
}

/**
 * Plays a workflow's model turns on the mock provider: given a request (read the same way on
 * both wires), the turn to answer with, or `undefined` when the request is not this workflow's.
 */
export type MockResponder = (request: WireView) => MockTurn | undefined;
