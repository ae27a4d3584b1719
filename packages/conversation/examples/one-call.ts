// examples/one-call.ts
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { CostLedger, JobDispatcher } from "@nucleo/core";
import {
  ConversationService,
  LLMCall,
  LlmEnvironment,
  responseContract,
  type LlmClient,
  type LlmResponse,
} from "@nucleo/conversation";
import { z } from "zod";

// A stand-in for a provider client (use @nucleo/provider-openai or -anthropic for real calls):
// it answers once in prose, then — after Nucleo's correction turn — in JSON.
const answers = ["Claim 1 looks novel to me.", '{"novel": true, "reason": "D1 shows no hinge"}'];
const reply = (content: string): LlmResponse => ({
  content,
  toolCalls: [],
  thinking: [],
  stopReason: "end",
  providerModel: "demo-model",
  usage: { inputTokens: 180, outputTokens: 25 },
});
const client: LlmClient = {
  send: async () => reply(answers.shift()!),
  async *stream() {
    return reply(answers.shift()!);
  },
};

const catalog = parseCatalog(
  [
    {
      id: "demo",
      provider: "openai",
      model: "demo-model",
      grade: "MEDIUM",
      contextWindow: 128_000,
      outputCeiling: 16_384,
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "example",
        input: "0.25",
        output: "2",
      },
      limits: { requestsPerMinute: 60, tokensPerMinute: 100_000 },
    },
  ],
  "example",
);
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: client });
const ledger = new CostLedger();
const dispatcher = new JobDispatcher({ admission, observers: [ledger] });

const conversation = await new ConversationService({ environment }).obtain({
  seat: { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
});
conversation
  .putMainObjective("Decide whether claim 1 is novel over D1.")
  .addUser("Claim 1: a lid on a hinge. D1: a lid.");

const Verdict = responseContract(
  "novelty_verdict",
  z.object({ novel: z.boolean(), reason: z.string() }),
);
const call = dispatcher.submit(
  new LLMCall({ conversation, environment, contract: Verdict }),
  undefined,
);
const output = await call;
console.log(output.answer); // { novel: true, reason: 'D1 shows no hinge' }
console.log(conversation.turns().length); // 4
console.log(ledger.totalFor(call.id).cost.get("USD")?.toString()); // 0.00019
