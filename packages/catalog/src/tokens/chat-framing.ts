/**
 * Tokens the chat wire format adds around the text of a request. They approximate OpenAI's
 * chat framing (`<|start|>role<|message|>…<|end|>`, as OpenAI's cookbook and gpt-tokenizer
 * count it); other providers frame differently, and their calibrated estimates absorb the
 * difference.
 *
 * @internal
 */
export const CHAT_FRAMING = {
  /** Around every message, besides its role and text. */
  perMessage: 3,
  /** Once per request: the start of the assistant's reply the model is primed with. */
  replyPriming: 3,
  /** Once per request that offers tools: the wrapper around the definitions. */
  toolDefinitions: 9,
} as const;
