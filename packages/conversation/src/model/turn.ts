import type { Part } from "./parts.js";

/**
 * One message of a conversation. Tool results go in a `user` turn (all results of one model
 * turn batched into one message); providers that want a message per result (OpenAI) split it
 * on the wire. Turns are immutable once appended: token counts are cached by identity.
 */
export interface Turn {
  readonly role: "user" | "assistant";
  readonly parts: readonly Part[];
}
