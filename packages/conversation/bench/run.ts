/**
 * Per-call overhead of @nucleo/conversation around a zero-latency client: render, price (count
 * tokens), admit, send, parse the answer against its contract, report the call event — and
 * the cost of one more turn on a ~100,000-token conversation. Runs against the built packages
 * (turbo's `bench` task builds first). Plain erasable TypeScript: Node runs it directly.
 */
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { CostLedger, JobDispatcher } from "@nucleo/core";
import {
  ConversationService,
  LLMCall,
  LlmEnvironment,
  responseContract,
} from "@nucleo/conversation";
import {
  benchEntry,
  benchReport,
  median,
  microsPerCall,
  ratio,
  timed,
  zeroLatencyClient,
} from "@nucleo/tooling/bench";
import { z } from "zod";

/** Answers at once, so what is measured is the runtime around the call. */
const zeroLatency = zeroLatencyClient({
  content: '{"novel": true, "reason": "D1 has no hinge"}',
  usage: { inputTokens: 120, outputTokens: 18 },
  providerModel: "zero-latency",
});

const catalog = parseCatalog(
  [
    benchEntry({
      id: "bench-entry",
      model: "gpt-bench",
      grade: "MEDIUM",
      contextWindow: 400_000,
      outputCeiling: 64_000,
      prices: { input: "1.25", cacheRead: "0.125", output: "10" },
    }),
  ],
  "bench",
);
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: zeroLatency });
const service = new ConversationService({ environment });
const contract = responseContract("verdict", z.object({ novel: z.boolean(), reason: z.string() }));
const seat = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

async function perCallOverhead(observers: boolean): Promise<number> {
  const dispatcher = new JobDispatcher({
    admission,
    observers: observers ? [new CostLedger()] : [],
  });
  const one = async (): Promise<void> => {
    const conversation = await service.obtain({ seat });
    conversation
      .putMainObjective("Judge whether claim 1 is novel over D1.")
      .addUser("Claim 1: a widget with a hinge. D1: a widget.");
    await dispatcher.submit(new LLMCall({ conversation, environment, contract }), undefined);
  };
  return median(await microsPerCall({ warmUp: 3_000, samples: 200, perSample: 20 }, one));
}

async function oneMoreTurn(): Promise<{ tokens: number; medianMs: number }> {
  const dispatcher = new JobDispatcher({ admission });
  const conversation = await service.obtain({ seat, comfortContextTokens: 400_000 });
  conversation.putMainObjective("Review the file history.");
  const paragraph =
    "The examiner cited D1 against claim 1, arguing that the hinge is an obvious variant of the pivot in D1; the applicant replied that the latch interacts with the hinge. ";
  for (let turn = 0; turn < 225; turn++) {
    conversation.addUser(`${turn}: ${paragraph.repeat(7)}`);
    conversation.addAssistant({
      content: `Noted ${turn}. ${paragraph.repeat(5)}`,
      thinking: [],
      toolCalls: [],
    });
  }
  const tokens = environment.tokens.countRequest(catalog.get("bench-entry"), {
    system: { text: "" },
    messages: conversation.turns(),
  });
  await dispatcher.submit(new LLMCall({ conversation, environment }), undefined); // counts every turn once
  const samples: number[] = [];
  for (let run = 0; run < 100; run++) {
    conversation.addUser(`One more question, number ${run}: ${paragraph}`);
    samples.push(
      await timed(() => dispatcher.submit(new LLMCall({ conversation, environment }), undefined)),
    );
  }
  return { tokens, medianMs: median(samples) };
}

const started = performance.now();
const bare = await perCallOverhead(false);
const ledgered = await perCallOverhead(true);
const longConversation = await oneMoreTurn();
console.log(
  benchReport(
    {
      columns: [{ title: "Measure" }, { title: "Median", align: "right" }],
      rows: [
        [
          "One LLMCall around a zero-latency client (obtain, render, count, admit, send, check contract, settle), µs",
          bare.toFixed(1),
        ],
        [
          "Same, with a CostLedger observing (call event priced and attributed), µs",
          `${ledgered.toFixed(1)} (${ratio(ledgered, bare)})`,
        ],
        [
          `One more turn on a ${longConversation.tokens.toLocaleString("en")}-token conversation: the whole LLMCall, ms`,
          longConversation.medianMs.toFixed(3),
        ],
      ],
    },
    `- Per-call: 200 samples of 20 sequential calls after 3,000 warm-up calls, each on a fresh two-turn conversation with a JSON answer contract. One more turn: 100 runs, each appending a new ~45-token turn to the long conversation. Whole bench: ${((performance.now() - started) / 1_000).toFixed(1)} s.`,
  ),
);
