/**
 * Framework guidance about tools, rendered whenever the call offers tools: the caller never
 * writes it, and it never appears in a call without tools.
 */
export const TOOL_WEIGHT_GUIDANCE = [
  "About tools: each call costs time and money and its result lengthens this conversation.",
  "Call a tool only when the answer needs what it returns; call independent tools together in one turn;",
  "never call a tool to learn what you were already told.",
].join(" ");

/** How a JSON answer is asked for when the contract is rendered in the prompt. */
export const JSON_ANSWER_INSTRUCTION =
  "Answer with one JSON object only (no prose around it) that matches this schema:";
