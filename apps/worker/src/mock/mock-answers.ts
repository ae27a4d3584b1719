import type { MockTurn } from "./mock-responder.js";
import type { WireView } from "./wire-view.js";

/**
 * A thinker's final answer in its envelope, `{ reasoning, answer }` in the wire's spelling.
 * When the call thinks natively the envelope's reasoning is not asked for: it goes in the
 * thinking block instead.
 */
export function envelopeTurn(view: WireView, reasoning: string, answer: unknown): MockTurn {
  return view.thinking
    ? { text: JSON.stringify({ answer }), reasoning }
    : { text: JSON.stringify({ reasoning, answer }) };
}

/** A one-call tool's answer: the contract's JSON object itself. */
export function jsonTurn(value: unknown, reasoning?: string): MockTurn {
  return reasoning === undefined
    ? { text: JSON.stringify(value) }
    : { text: JSON.stringify(value), reasoning };
}

/** A turn that calls one tool. */
export function toolCallTurn(
  name: string,
  args: Record<string, unknown>,
  reasoning?: string,
): MockTurn {
  return {
    toolCalls: [{ name, arguments: args }],
    ...(reasoning === undefined ? {} : { reasoning }),
  };
}
