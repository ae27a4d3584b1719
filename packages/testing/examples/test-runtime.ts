// examples/test-runtime.ts
import { ConversationService, LLMCall } from "@nucleo/conversation";
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";

// The catalog (an entry per grade), its admission, an environment in which the scripted
// client answers every provider, and a dispatcher that keeps its events: one line.
const { dispatcher, environment, client, events } = testRuntime([
  ScriptedLlmClient.answer("Probably novel.", {
    usage: { inputTokens: 250_000, outputTokens: 50_000 },
  }),
]);

const conversation = await new ConversationService({ environment }).obtain({
  seat: { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
});
conversation
  .putMainObjective("Judge the novelty of claim 1.")
  .addUser("Claim 1: a lid on a hinge.");
const output = await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
console.log(output.entryId, output.text); // medium Probably novel.
console.log(
  client.remaining,
  events.flatMap((event) => (event.type === "llm.call" ? [event.cost] : [])),
); // 0 [ '0.45' ]
