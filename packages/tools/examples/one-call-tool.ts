// examples/one-call-tool.ts
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { LlmEnvironment } from "@nucleo/conversation";
import { JobDispatcher } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { QuickLLMQuestionTool } from "@nucleo/tools";

// Two SMALL-grade answers, scripted (swap in OpenAiClient or AnthropicClient for real ones).
const client = new ScriptedLlmClient([ScriptedLlmClient.answer("Paris."), ScriptedLlmClient.json({ answer: "Paris" })]);
const catalog = parseCatalog([{
  id: "small", provider: "openai", model: "gpt-small", grade: "SMALL", contextWindow: 128_000, outputCeiling: 16_000,
  prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "example", input: "0.05", output: "0.4" }, limits: { tokensPerMinute: 200_000 },
}], "example");
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: client });

// One question, no thinker: the grade is part of the question.
const answer = await new JobDispatcher({ admission }).submit(new QuickLLMQuestionTool({ environment }), { question: "Capital of France?", grade: "SMALL" });
console.log(answer); // { answer: 'Paris' }
console.log(client.requests.length); // 2
