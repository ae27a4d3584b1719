/**
 * Overheads of @nucleo/tools: one tool call through the registry as a thinker makes it (look
 * up, convert and check the model's arguments, dispatch, check the output, report events,
 * format the result), and one one-call model tool around a zero-latency client. Runs against
 * the built packages; Node runs this file directly.
 */
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { LlmEnvironment } from "@nucleo/conversation";
import { AbstractTool, CostLedger, JobDispatcher } from "@nucleo/core";
import {
  benchReport,
  median,
  microsPerCall,
  ratio,
  smallBenchEntry,
  zeroLatencyClient,
} from "@nucleo/tooling/bench";
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

const zeroLatency = zeroLatencyClient({
  content: '{"answer": "Paris"}',
  usage: { inputTokens: 90, outputTokens: 8 },
  providerModel: "zero",
});

/** Median µs per call of `once`: `samples` batches of `perSample` calls, after 2,000 warm-up calls. */
async function measure(
  samples: number,
  perSample: number,
  once: () => Promise<unknown>,
): Promise<number> {
  return median(await microsPerCall({ warmUp: 2_000, samples, perSample }, once));
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

const catalog = parseCatalog([smallBenchEntry()], "bench");
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: zeroLatency });
const withLedger = new JobDispatcher({ admission, observers: [new CostLedger()] });
const oneCall = await measure(200, 20, () =>
  withLedger.submit(new QuickLLMQuestionTool({ environment }), {
    question: "Capital of France?",
    grade: "SMALL",
  }),
);

console.log(
  benchReport(
    {
      columns: [{ title: "Measure" }, { title: "Median µs", align: "right" }],
      rows: [
        [
          "A tool call through the registry (snake→camel, input and output checked, events, result formatted)",
          registryCall.toFixed(2),
        ],
        [
          "The same tool submitted directly (input and output checked, events)",
          `${direct.toFixed(2)} (registry path ${ratio(registryCall, direct)})`,
        ],
        [
          "A one-call model tool around a zero-latency client (wire, count, admit, send, correct, price, ledger)",
          oneCall.toFixed(1),
        ],
      ],
    },
    "- Medians of per-call means over batches (registry: 400 × 100 calls; one-call tool: 200 × 20), after 2,000 warm-up calls each.",
  ),
);
