import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { CostLedger, ExternalServiceError, JobDispatcher } from "@nucleo/core";
import {
  ConversationService,
  LLMCall,
  LlmEnvironment,
  responseContract,
} from "@nucleo/conversation";
import { AnthropicClient } from "@nucleo/provider-anthropic";
import { OpenAiClient } from "@nucleo/provider-openai";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

const PRICES = {
  currency: "USD",
  effectiveFrom: "2025-01-01",
  source: "e2e",
  input: "1",
  output: "4",
};
const catalog = parseCatalog(
  [
    {
      id: "openai-medium",
      provider: "openai",
      model: "gpt-e2e",
      grade: "MEDIUM",
      contextWindow: 128_000,
      outputCeiling: 16_000,
      prices: PRICES,
      limits: { tokensPerMinute: 1_000_000 },
    },
    {
      id: "anthropic-large",
      provider: "anthropic",
      model: "claude-e2e",
      grade: "LARGE",
      contextWindow: 200_000,
      outputCeiling: 32_000,
      nativeThinking: true,
      reasoningTokens: { THOROUGH: 4_096 },
      prices: PRICES,
      limits: { inputTokensPerMinute: 1_000_000, outputTokensPerMinute: 100_000 },
    },
  ],
  "e2e",
);
const Verdict = responseContract("verdict", z.object({ novel: z.boolean(), reason: z.string() }));

describe("an LLMCall through the real SDKs over HTTP", () => {
  let server: MockProviderServer;
  let runtime: {
    dispatcher: JobDispatcher;
    environment: LlmEnvironment;
    service: ConversationService;
    ledger: CostLedger;
    admission: CatalogAdmission;
  };

  beforeAll(async () => {
    server = await MockProviderServer.start();
    const admission = new CatalogAdmission({ catalog });
    const environment = LlmEnvironment.from(admission, {
      openai: new OpenAiClient({ apiKey: "sk-e2e-not-a-key", baseURL: server.openaiBaseUrl }),
      anthropic: new AnthropicClient({
        apiKey: "sk-ant-e2e-not-a-key",
        baseURL: server.anthropicBaseUrl,
      }),
    });
    const ledger = new CostLedger();
    runtime = {
      dispatcher: new JobDispatcher({ admission, observers: [ledger] }),
      environment,
      service: new ConversationService({ environment }),
      ledger,
      admission,
    };
  });
  afterAll(async () => {
    await server.stop();
  });

  it("OpenAI: an unparseable answer is corrected over the wire, and the ledger prices both calls", async () => {
    server.script(
      { kind: "answer", text: "It is novel.", usage: { inputTokens: 100, outputTokens: 10 } },
      {
        kind: "answer",
        text: '{"novel": true, "reason": "no hinge in D1"}',
        usage: { inputTokens: 150, outputTokens: 20 },
      },
    );
    const conversation = await runtime.service.obtain({
      seat: { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
    });
    conversation.putMainObjective("Judge novelty.").addUser("Claim 1 vs D1.");
    const handle = runtime.dispatcher.submit(
      new LLMCall({ conversation, environment: runtime.environment, contract: Verdict }),
      undefined,
    );
    await expect(handle).resolves.toMatchObject({
      valid: true,
      answer: { novel: true },
      entryId: "openai-medium",
    });
    const last = server.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(last.at(-1)!.content).toMatch(/^Your last answer was not one JSON object\./);
    expect(runtime.ledger.totalFor(handle.id).cost.get("USD")?.toString()).toBe("0.00037"); // (100 + 40 + 150 + 80) per million
  });

  it("Anthropic: a max_tokens stop is re-sent once at the entry's ceiling, with thinking on at THOROUGH", async () => {
    server.script(
      { kind: "answer", text: "cut", stopReason: "max_tokens" },
      { kind: "answer", text: "whole", thinking: [{ text: "compare elements" }] },
    );
    const conversation = await runtime.service.obtain({
      seat: { grade: "LARGE", depth: "THOROUGH", output: "COMPACT" },
    });
    conversation.putMainObjective("Explain.").addUser("Why?");
    const output = await runtime.dispatcher.submit(
      new LLMCall({ conversation, environment: runtime.environment }),
      undefined,
    );
    expect(output).toMatchObject({ text: "whole", entryId: "anthropic-large" });
    expect(output.thinking[0]?.text).toBe("compare elements");
    const [first, second] = server.requests
      .slice(-2)
      .map(
        (request) => request.body as { max_tokens: number; thinking?: { budget_tokens: number } },
      );
    expect([first!.max_tokens, second!.max_tokens]).toEqual([4_096 + 4_096, 32_000]);
    expect(second!.thinking?.budget_tokens).toBe(4_096);
  });

  it("a provider answer that is not the wire format fails the call as the provider's error, and returns the seat", async () => {
    server.script({ kind: "garbage" });
    const conversation = await runtime.service.obtain({
      seat: { grade: "MEDIUM", depth: "QUICK", output: "VERDICT" },
    });
    conversation.putMainObjective("Say yes.").addUser("?");
    const tokensUsed = () =>
      runtime.admission.usage("openai-medium").find((limit) => limit.limit === "tokensPerMinute")!
        .used;
    const before = tokensUsed();
    const error = await runtime.dispatcher
      .submit(new LLMCall({ conversation, environment: runtime.environment }), undefined)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(ExternalServiceError.isInstance(error) && error.service).toBe("openai");
    expect(tokensUsed()).toBe(before); // the failed call's booking was released whole
  });
});
