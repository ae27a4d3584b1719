/**
 * Overheads of @nucleo/tools: one tool call through the registry as a thinker makes it (look
 * up, convert and check the model's arguments, dispatch, check the output, report events,
 * format the result), and one one-call model tool around a zero-latency client. Runs against
 * the built packages; Node runs this file directly.
 */
import os from "node:os";
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { LlmEnvironment, type LlmClient, type LlmResponse } from "@nucleo/conversation";
import { AbstractTool, CostLedger, JobDispatcher } from "@nucleo/core";
import { ClassToolProvider, QuickLLMQuestionTool, ToolRegistry } from "@nucleo/tools";
import { z } from "zod";

const ClaimsInput = z.object({
  publicationNumber: z.string(),
  maxClaims: z.number().int().optional(),
});
class ClaimsLookup extends AbstractTool<z.infer<typeof ClaimsInput>, { claimCount: number }> {
  readonly name = "claims_lookup";
  readonly input = ClaimsInput;
  readonly output = z.object({ claimCount: z.number() });
  execute(input: z.infer<typeof ClaimsInput>) {
    return { claimCount: input.maxClaims ?? 12 };
  }
}

const ANSWER: LlmResponse = {
  content: '{"answer": "Paris"}',
  toolCalls: [],
  thinking: [],
  usage: { inputTokens: 90, outputTokens: 8 },
  stopReason: "end",
  providerModel: "zero",
};
const zeroLatency: LlmClient = {
  send: async () => ANSWER,
  async *stream() {
    return ANSWER;
  },
};

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function measure(
  samples: number,
  perSample: number,
  once: () => Promise<unknown>,
): Promise<number> {
  for (let index = 0; index < 2_000; index++) await once();
  const perCall: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    for (let index = 0; index < perSample; index++) await once();
    perCall.push(((performance.now() - start) * 1_000) / perSample);
  }
  return median(perCall);
}

const registry = new ToolRegistry().register(new ClassToolProvider(() => new ClaimsLookup()));
const observed = new JobDispatcher({ observers: [{ onEvent() {} }] });
const registryCall = await measure(400, 100, async () => {
  const provider = registry.get("claims_lookup")!;
  const { job, input } = provider.invoke({ publication_number: "EP1234567", max_claims: 3 }, {});
  return provider.formatResult(await observed.submit(job, input));
});
const direct = await measure(400, 100, () =>
  observed.submit(new ClaimsLookup(), { publicationNumber: "EP1234567", maxClaims: 3 }),
);

const catalog = parseCatalog(
  [
    {
      id: "zero",
      provider: "openai",
      model: "zero",
      grade: "SMALL",
      contextWindow: 128_000,
      outputCeiling: 16_000,
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "bench",
        input: "0.1",
        output: "0.4",
      },
      limits: { tokensPerMinute: 1_000_000_000_000, requestsPerMinute: 1_000_000_000 },
    },
  ],
  "bench",
);
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: zeroLatency });
const withLedger = new JobDispatcher({ admission, observers: [new CostLedger()] });
const oneCall = await measure(200, 20, () =>
  withLedger.submit(new QuickLLMQuestionTool({ environment }), {
    question: "Capital of France?",
    grade: "SMALL",
  }),
);

const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "cpu";
console.log(
  `Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
);
console.log("");
console.log("| Measure | Median µs |");
console.log("|---|--:|");
console.log(
  `| A tool call through the registry (snake→camel, input and output checked, events, result formatted) | ${registryCall.toFixed(2)} |`,
);
console.log(
  `| The same tool submitted directly (input and output checked, events) | ${direct.toFixed(2)} (registry path ×${(registryCall / direct).toFixed(2)}) |`,
);
console.log(
  `| A one-call model tool around a zero-latency client (wire, count, admit, send, correct, price, ledger) | ${oneCall.toFixed(1)} |`,
);
console.log("");
console.log(
  "- Medians of per-call means over batches (registry: 400 × 100 calls; one-call tool: 200 × 20), after 2,000 warm-up calls each.",
);
