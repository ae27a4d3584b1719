// examples/one-call-tool.ts
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";
import { QuickLLMQuestionTool } from "@nucleo/tools";

// Two SMALL-grade answers, scripted (swap in OpenAiClient or AnthropicClient for real ones).
const client = new ScriptedLlmClient([
  ScriptedLlmClient.answer("Paris."),
  ScriptedLlmClient.json({ answer: "Paris" }),
]);
// A catalog with an entry per grade, its admission, environment and dispatcher, around the client.
const { dispatcher, environment } = testRuntime(client);

// One question, no thinker: the grade is part of the question.
const answer = await dispatcher.submit(new QuickLLMQuestionTool({ environment }), {
  question: "Capital of France?",
  grade: "SMALL",
});
console.log(answer); // { answer: 'Paris' }
console.log(client.requests.length); // 2
