import { ThinkerDeclaration } from "@nucleo/core";
import { ChatThinker, type ChatThinkerOptions } from "@nucleo/thinkers";
import { z } from "zod";

/** What `support_chat` is given: which conversation, and the customer's next message. */
export const SupportChatInput = z.object({
  conversation: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/,
      "expected a conversation id of letters, digits, '.', '_', ':' or '-' (at most 128)",
    )
    .describe("The durable conversation this message belongs to; the same id resumes it."),
  message: z
    .string()
    .trim()
    .min(1, "expected a message")
    .max(4_000)
    .describe("The customer's message."),
});
export type SupportChatInput = z.infer<typeof SupportChatInput>;

/** The start of the chat's instructions; the mock provider recognises its requests by it. */
export const SUPPORT_CHAT_LEAD =
  "You answer a customer of a small online shop, in a chat that continues across visits.";

/**
 * A durable support chat: each run is one turn of a conversation kept in the recorder's
 * database, so the next turn — on this worker or another — resumes it with every earlier
 * message. Accepted answers stream to `stream` as they are written out.
 */
export class SupportChat extends ChatThinker {
  readonly name = "support_chat";
  override readonly description = "One turn of a durable customer-support chat.";

  constructor(options: ChatThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT" }), options);
  }

  protected instructions(): string {
    return `${SUPPORT_CHAT_LEAD} Be brief and friendly, and refer back to what the customer said earlier when it helps.`;
  }
}
