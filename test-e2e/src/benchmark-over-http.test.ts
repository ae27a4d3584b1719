import { Benchmark, type BenchmarkReport } from "@nucleo/benchmark";
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { LlmEnvironment, responseContract } from "@nucleo/conversation";
import {
  Decimal,
  JobDispatcher,
  RunLog,
  type AttemptInfo,
  type JobContext,
  type JobResources,
  type LlmCallEvent,
  type RunEvent,
} from "@nucleo/core";
import { OpenAiClient } from "@nucleo/provider-openai";
import { MockProviderServer, type MockRequest } from "@nucleo/testing";
import { AbstractModelDependentTool, type ModelDependentToolOptions } from "@nucleo/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

const API_KEY = "sk-e2e-benchmark-not-a-key";
const entry = (
  id: string,
  model: string,
  grade: "MEDIUM" | "XL",
  input: string,
  output: string,
): CatalogEntryInput => ({
  id,
  provider: "openai",
  model,
  grade,
  contextWindow: 128_000,
  outputCeiling: 16_000,
  prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "e2e", input, output },
  limits: { tokensPerMinute: 1_000_000 },
});
const PRICES: Record<string, readonly [string, string]> = {
  alpha: ["1", "4"],
  beta: ["2", "8"],
  gamma: ["0.5", "2"],
  arbiter: ["10", "40"],
};
const ENTRIES = [
  entry("alpha", "alpha-e2e", "MEDIUM", "1", "4"),
  entry("beta", "beta-e2e", "MEDIUM", "2", "8"),
  entry("gamma", "gamma-e2e", "MEDIUM", "0.5", "2"),
  entry("arbiter", "judge-e2e", "XL", "10", "40"),
];
const DELAY_MS: Record<string, number> = {
  "alpha-e2e": 20,
  "beta-e2e": 60,
  "gamma-e2e": 5,
  "judge-e2e": 10,
};

// The benchmark's test job (docs/architecture.md#the-benchmark): its model answers with the model it was served.
const Question = z.object({ question: z.string() });
const Served = z.object({ model: z.string() });
const SERVED = responseContract("served_model", Served);
class ServedModel extends AbstractModelDependentTool<
  z.infer<typeof Question>,
  z.infer<typeof Served>
> {
  readonly name = "served_model";
  readonly input = Question;
  readonly output = Served;
  override readonly readOnly = true;
  constructor(options: ModelDependentToolOptions) {
    super({ grade: "MEDIUM", ...options });
  }
  override requirements(input: z.infer<typeof Question>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: SERVED },
      "Say which model you are.",
    );
  }
  async execute(_input: z.infer<typeof Question>, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

/** Everything the server was sent in one request, as text. */
const sentText = (request: MockRequest) => JSON.stringify(request.body.messages);

describe("a benchmark through the real OpenAI SDK over HTTP", () => {
  let server: MockProviderServer;
  const events: RunEvent[] = [];
  const runLog = new RunLog();
  let benchmark: Benchmark<z.infer<typeof Question>, z.infer<typeof Served>>;
  let output: unknown;
  let workflowId: string;

  beforeAll(async () => {
    server = await MockProviderServer.start();
    server.handle((request) => {
      const text =
        request.model === "judge-e2e"
          ? JSON.stringify({
              misusedTools: [],
              accuracy: sentText(request).includes("[model]") ? 7 : 0,
              shownWork: 2,
              reason: "Both name a model.",
            })
          : JSON.stringify({ model: request.model });
      return {
        kind: "answer",
        text,
        delayMs: DELAY_MS[request.model] ?? 0,
        usage: { inputTokens: 300, outputTokens: 12 },
      };
    });
    const admission = new CatalogAdmission({ catalog: parseCatalog(ENTRIES, "e2e") });
    const environment = LlmEnvironment.from(admission, {
      openai: new OpenAiClient({ apiKey: API_KEY, baseURL: server.openaiBaseUrl }),
    });
    const dispatcher = new JobDispatcher({
      admission,
      observers: [{ onEvent: (event) => events.push(event) }, runLog],
    });
    benchmark = new Benchmark({
      factory: () => new ServedModel({ environment }),
      environment,
      times: 2,
      log: () => {},
    });
    const handle = dispatcher.submit(benchmark, { question: "Which model are you?" });
    workflowId = handle.id;
    output = await handle;
  });
  afterAll(async () => {
    await server.stop();
  });

  it("returns the reference's answer: what the picker served, unpinned", () => {
    expect(output).toEqual({ model: "alpha-e2e" });
    expect(server.requests[0]!.model).toBe("alpha-e2e");
  });

  it("races every entry of the grade twice, each run pinned, and judges each against the reference", () => {
    const report = benchmark.report()!;
    expect(report.rows.map((row) => `${row.role}:${row.model}:${row.status}`)).toEqual([
      "reference:alpha:ok",
      "candidate:alpha:ok",
      "candidate:alpha:ok",
      "candidate:beta:ok",
      "candidate:beta:ok",
      "candidate:gamma:ok",
      "candidate:gamma:ok",
    ]);
    expect(report.rows.slice(1).every((row) => row.judge?.score === 9)).toBe(true);
    expect(
      server.requests
        .filter((request) => request.model !== "judge-e2e")
        .map((request) => request.model)
        .sort(),
    ).toEqual([
      "alpha-e2e",
      "alpha-e2e",
      "alpha-e2e",
      "beta-e2e",
      "beta-e2e",
      "gamma-e2e",
      "gamma-e2e",
    ]);
  });

  it("never shows a judge a model's name, though every run's answer is one", () => {
    const judged = server.requests.filter((request) => request.model === "judge-e2e");
    expect(judged).toHaveLength(6);
    for (const request of judged)
      for (const name of ENTRIES.flatMap((item) => [item.id, item.model]))
        expect(sentText(request)).not.toMatch(new RegExp(`\\b${name}\\b`, "i"));
  });

  it("costs each row exactly from the usage the provider reported, and times it on real latency", () => {
    const report = benchmark.report()!;
    for (const row of report.rows) {
      const [input, output] = PRICES[row.model]!;
      const cost = Decimal.parse(input)
        .times(300)
        .plus(Decimal.parse(output).times(12))
        .shiftLeft(6);
      expect(row.cost).toEqual({ USD: cost.toString() });
      expect(row.tokens).toMatchObject({ input: 300, output: 12 });
    }
    const beta = report.models.find((model) => model.model === "beta")!;
    const gamma = report.models.find((model) => model.model === "gamma")!;
    // The provider held beta's answers 60 ms: its latency is at least that. (How it compares
    // with gamma's, which had no hold, is the machine's load as much as the provider's.)
    expect(beta.latencyMs!.mean).toBeGreaterThanOrEqual(60);
    expect(gamma.latencyMs!.mean).toBeGreaterThan(0);
    const calls = events.filter((event): event is LlmCallEvent => event.type === "llm.call");
    const judging = calls
      .filter((call) => call.entryId === "arbiter")
      .reduce((sum, call) => sum.plus(Decimal.parse(call.cost)), Decimal.ZERO);
    expect(report.judging.cost).toEqual({ USD: judging.toString() });
  });

  it("publishes the report on the benchmark's metadata, and no key appears in it or in any event", () => {
    const published = runLog.job(workflowId)!.published[Benchmark.REPORT] as BenchmarkReport;
    expect(published.rows).toHaveLength(7);
    expect(JSON.stringify(published)).not.toContain(API_KEY);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
    expect(server.requests.every((request) => request.apiKeyPresent)).toBe(true);
  });
});
