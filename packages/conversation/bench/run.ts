/**
 * Per-call overhead of @nucleo/conversation around a zero-latency client: render, price (count
 * tokens), admit, send, parse the answer against its contract, report the call event — and
 * the cost of one more turn on a ~100,000-token conversation. Runs against the built packages
 * (turbo's `bench` task builds first). Plain erasable TypeScript: Node runs it directly.
 */
import os from "node:os";
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

const ANSWER: LlmResponse = {
  content: '{"novel": true, "reason": "D1 has no hinge"}',
  toolCalls: [],
  thinking: [],
  usage: { inputTokens: 120, outputTokens: 18 },
  stopReason: "end",
  providerModel: "zero-latency",
};

/** Answers at once, so what is measured is the runtime around the call. */
const zeroLatency: LlmClient = {
  send: async () => ANSWER,
  async *stream() {
    return ANSWER;
  },
};

const catalog = parseCatalog(
  [
    {
      id: "bench-entry",
      provider: "openai",
      model: "gpt-bench",
      grade: "MEDIUM",
      contextWindow: 400_000,
      outputCeiling: 64_000,
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "bench",
        input: "1.25",
        cacheRead: "0.125",
        output: "10",
      },
      limits: { requestsPerMinute: 1_000_000_000, tokensPerMinute: 1_000_000_000_000 },
    },
  ],
  "bench",
);
const admission = new CatalogAdmission({ catalog });
const environment = LlmEnvironment.from(admission, { openai: zeroLatency });
const service = new ConversationService({ environment });
const contract = responseContract("verdict", z.object({ novel: z.boolean(), reason: z.string() }));
const seat = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

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
  for (let index = 0; index < 3_000; index++) await one();
  const samples: number[] = [];
  for (let sample = 0; sample < 200; sample++) {
    const start = performance.now();
    for (let index = 0; index < 20; index++) await one();
    samples.push(((performance.now() - start) * 1_000) / 20);
  }
  return median(samples);
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
    const start = performance.now();
    await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    samples.push(performance.now() - start);
  }
  return { tokens, medianMs: median(samples) };
}

const started = performance.now();
const bare = await perCallOverhead(false);
const ledgered = await perCallOverhead(true);
const longConversation = await oneMoreTurn();
const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "cpu";
console.log(
  `Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
);
console.log("");
console.log("| Measure | Median |");
console.log("|---|--:|");
console.log(
  `| One LLMCall around a zero-latency client (obtain, render, count, admit, send, check contract, settle), µs | ${bare.toFixed(1)} |`,
);
console.log(
  `| Same, with a CostLedger observing (call event priced and attributed), µs | ${ledgered.toFixed(1)} (×${(ledgered / bare).toFixed(2)}) |`,
);
console.log(
  `| One more turn on a ${longConversation.tokens.toLocaleString("en")}-token conversation: the whole LLMCall, ms | ${longConversation.medianMs.toFixed(3)} |`,
);
console.log("");
console.log(
  `- Per-call: 200 samples of 20 sequential calls after 3,000 warm-up calls, each on a fresh two-turn conversation with a JSON answer contract. One more turn: 100 runs, each appending a new ~45-token turn to the long conversation. Whole bench: ${((performance.now() - started) / 1_000).toFixed(1)} s.`,
);
