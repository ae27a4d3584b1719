import type { WorkflowDefinition } from "../workflow-definition.js";
import { SupportChat, SupportChatInput } from "./support-chat.js";
import { supportChatMock } from "./support-chat-mock.js";

/**
 * The `support_chat` workflow: one turn of a durable chat. The conversation lives in the
 * recorder's database; run it again with the same `conversation` and the chat resumes.
 */
export const supportChatWorkflow: WorkflowDefinition<SupportChatInput> = {
  name: "support_chat",
  description:
    "One turn of a durable support chat (a chat thinker); the conversation is kept in Postgres, so the same id resumes it on any worker.",
  input: SupportChatInput,
  exampleInput: {
    conversation: "example-support-chat",
    message: "Hello, my order #1042 has not arrived yet.",
  },
  start: (input, { environment, conversations }) => ({
    // The answer is the run's output; the worker prints it, so the stream has no reader here.
    job: new SupportChat({
      environment,
      conversations,
      conversationId: input.conversation,
      stream: () => {},
    }),
    input: { message: input.message },
  }),
  mock: supportChatMock,
};
