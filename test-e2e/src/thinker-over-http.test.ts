import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { AbstractTool, JobDispatcher, ThinkerDeclaration, type RunEvent } from "@nucleo/core";
import { LlmEnvironment } from "@nucleo/conversation";
import { AnthropicClient } from "@nucleo/provider-anthropic";
import { OpenAiClient } from "@nucleo/provider-openai";
import { MockProviderServer } from "@nucleo/testing";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
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
      id: "openai-strict",
      provider: "openai",
      model: "gpt-e2e",
      grade: "MEDIUM",
      contextWindow: 128_000,
      outputCeiling: 16_000,
      structuredOutput: true,
      prices: PRICES,
      limits: { tokensPerMinute: 1_000_000 },
    },
    {
      id: "anthropic-thinking",
      provider: "anthropic",
      model: "claude-e2e",
      grade: "LARGE",
      contextWindow: 200_000,
      outputCeiling: 32_000,
      nativeThinking: true,
      reasoningTokens: { STANDARD: 2_048 },
      prices: PRICES,
      limits: { tokensPerMinute: 1_000_000 },
    },
  ],
  "e2e",
);

const AddInput = z.object({ a: z.number(), b: z.number() });
const AddOutput = z.object({ sum: z.number() });
class Add extends AbstractTool<z.infer<typeof AddInput>, z.infer<typeof AddOutput>> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = AddOutput;
  override readonly readOnly = true;
  execute({ a, b }: z.infer<typeof AddInput>) {
    return { sum: a + b };
  }
}

const SumInput = thinkerInput({ numbers: z.array(z.number()) });
const SumAnswer = z.object({ total: z.number(), checkedWith: z.enum(["add", "head"]) });

class Summer extends SingleObjectiveThinker<z.infer<typeof SumInput>, z.infer<typeof SumAnswer>> {
  readonly name = "summer";
  readonly input = SumInput;
  readonly output = SumAnswer;
  constructor(options: ThinkerOptions, grade: "MEDIUM" | "LARGE") {
    super(ThinkerDeclaration.of({ grade, output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new Add()));
  }
  protected task(): string {
    return "Add the numbers with the add tool, then answer with the total.";
  }
}

describe("a thinker through the real SDKs over HTTP", () => {
  let server: MockProviderServer;
  let environment: LlmEnvironment;
  let dispatcher: JobDispatcher;
  const events: RunEvent[] = [];

  beforeAll(async () => {
    server = await MockProviderServer.start();
    const admission = new CatalogAdmission({ catalog });
    environment = LlmEnvironment.from(admission, {
      openai: new OpenAiClient({ apiKey: "sk-e2e-not-a-key", baseURL: server.openaiBaseUrl }),
      anthropic: new AnthropicClient({
        apiKey: "sk-ant-e2e-not-a-key",
        baseURL: server.anthropicBaseUrl,
      }),
    });
    dispatcher = new JobDispatcher({
      admission,
      observers: [{ onEvent: (event) => events.push(event) }],
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("OpenAI with strict structured output: native tools, the envelope in snake_case, a refused field corrected, the answer accepted", async () => {
    server.script(
      { kind: "answer", toolCalls: [{ name: "add", arguments: { a: 2, b: 3 } }] },
      {
        kind: "answer",
        text: JSON.stringify({
          reasoning: "2 + 3 with add",
          answer: { total: 5, checked_with: "calculator" },
        }),
      },
      {
        kind: "answer",
        text: JSON.stringify({
          reasoning: "2 + 3 with add",
          answer: { total: 5, checked_with: "add" },
        }),
      },
    );
    const thinker = new Summer({ environment }, "MEDIUM");
    await expect(dispatcher.submit(thinker, { numbers: [2, 3] })).resolves.toEqual({
      total: 5,
      checkedWith: "add",
    });

    const bodies = server.requests.slice(-3).map(
      (request) =>
        request.body as {
          tools?: Array<{ function: { name: string } }>;
          response_format?: { json_schema: { schema: unknown; strict: boolean } };
          messages: Array<{ role: string; content: unknown }>;
        },
    );
    expect(bodies[0]!.tools?.map((tool) => tool.function.name)).toContain("add");
    expect(JSON.stringify(bodies[0]!.response_format?.json_schema.schema)).toContain(
      "checked_with",
    );
    expect(bodies[0]!.response_format?.json_schema.strict).toBe(true); // the envelope fits strict mode
    expect(JSON.stringify(bodies[2]!.messages.at(-1)!.content)).toMatch(
      /answer\.checked_with.*one of/,
    );
    expect(JSON.stringify(bodies[2]!.messages.at(-1)!.content)).not.toContain("calculator");
    expect(
      thinker.transcript().turns.map((turn) => turn.toolCalls.map((call) => call.result)),
    ).toEqual([['{"sum":5}'], [], []]);
  });

  it("Anthropic with a guaranteed thinking block: no prose reasoning asked for, the envelope's reasoning from the block", async () => {
    server.script(
      {
        kind: "answer",
        toolCalls: [{ name: "add", arguments: { a: 4, b: 4 } }],
        thinking: [{ text: "I should add" }],
      },
      {
        kind: "answer",
        text: JSON.stringify({ answer: { total: 8, checked_with: "add" } }),
        thinking: [{ text: "4 + 4 is 8 by the tool" }],
      },
    );
    const thinker = new Summer({ environment }, "LARGE");
    await expect(dispatcher.submit(thinker, { numbers: [4, 4] })).resolves.toEqual({
      total: 8,
      checkedWith: "add",
    });
    const body = server.requests.at(-1)!.body as {
      system: unknown;
      thinking?: { budget_tokens: number };
    };
    expect(body.thinking?.budget_tokens).toBe(2_048);
    expect(JSON.stringify(body.system)).not.toContain("@reasoning");
    expect(thinker.transcript().turns.at(-1)!.thinking).toBe("4 + 4 is 8 by the tool");
  });
});
