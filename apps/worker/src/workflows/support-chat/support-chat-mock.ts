import { envelopeTurn } from "../../mock/mock-answers.js";
import type { MockTurn } from "../../mock/mock-responder.js";
import type { WireView } from "../../mock/wire-view.js";
import { SUPPORT_CHAT_LEAD } from "./support-chat.js";

/**
 * The mock model's turn for `support_chat`: it counts the customer's messages it can see and
 * quotes the first, so a resumed conversation shows in the answer (the second turn sees two
 * messages, and the first one's words).
 */
export function supportChatMock(view: WireView): MockTurn | undefined {
  if (!view.system.includes(SUPPORT_CHAT_LEAD)) return undefined;
  const messages = view.userTexts;
  const first = messages[0] ?? "";
  const quoted = first.length > 60 ? `${first.slice(0, 57)}...` : first;
  const answer =
    messages.length <= 1
      ? `Thanks for writing. I have noted: "${quoted}". I will look into it.`
      : `This is message ${messages.length} of our conversation. You first wrote: "${quoted}". I am still on it.`;
  return envelopeTurn(
    view,
    `The customer has sent ${messages.length} message(s) in this conversation.`,
    answer,
  );
}
