/**
 * Admission against a provider that says no: the real OpenAI client over HTTP to the mock
 * server, which enforces a tokens-per-minute limit and answers 429 past it, while jobs are
 * offered at three times that limit. Virtual time runs 10× faster than real time (one virtual
 * minute in 6 s), shared by the admission, the dispatcher and the server. Reports the 429s
 * the server had to send (aim: none) and how much of the limit the calls used (aim: ≥ 95%).
 * Runs against the built packages; Node runs this file directly.
 */
import os from "node:os";
import { CatalogAdmission, parseCatalog, TokenCounters } from "@nucleo/catalog";
import { JobDispatcher } from "@nucleo/core";
import { ConversationService, LLMCall, LlmEnvironment } from "@nucleo/conversation";
import { OpenAiClient } from "@nucleo/provider-openai";
import { acceleratedTime, MockProviderServer, type MockRequest } from "@nucleo/testing";

const FACTOR = 10;
const MINUTES = 4;
const TOKENS_PER_MINUTE = 40_000;
const OFFERED_MULTIPLE = 3;

const time = acceleratedTime(FACTOR);
const catalog = parseCatalog(
  [
    {
      id: "limited",
      provider: "openai",
      model: "gpt-limited",
      grade: "MEDIUM",
      contextWindow: 128_000,
      outputCeiling: 16_384,
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "bench",
        input: "1",
        output: "4",
      },
      limits: { tokensPerMinute: TOKENS_PER_MINUTE },
    },
  ],
  "bench",
);
const entry = catalog.get("limited");

// The provider counts a request the way OpenAI documents its chat framing — the same rule the
// catalog's counter applies to what Nucleo sent, so the two agree when pricing is exact.
const providerTokens = new TokenCounters();
function promptTokens(request: MockRequest): number {
  const messages = (request.body.messages ?? []) as Array<{ role: string; content: string }>;
  const [system, ...rest] = messages;
  return providerTokens.countRequest(entry, {
    ...(system?.role === "system" ? { system: { text: system.content } } : {}),
    messages: (system?.role === "system" ? rest : messages).map((message) => ({
      role: message.role,
      text: message.content,
    })),
  });
}

let served = 0;
let usedTokens = 0;
let answered = 0;
const server = await MockProviderServer.start({
  limits: { tokensPerMinute: TOKENS_PER_MINUTE },
  clock: time.clock,
});
server.handle((request) => {
  const outputTokens = 40 + ((answered++ * 37) % 160);
  const inputTokens = promptTokens(request);
  return {
    kind: "answer",
    text: "ok ".repeat(outputTokens).trim(),
    usage: { inputTokens, outputTokens },
  };
});

const admission = new CatalogAdmission({ catalog, clock: time.clock, timers: time.timers });
const environment = LlmEnvironment.from(
  admission,
  { openai: new OpenAiClient({ apiKey: "sk-bench-not-a-key", baseURL: server.openaiBaseUrl }) },
  time.clock,
);
const dispatcher = new JobDispatcher({ admission, clock: time.clock, timers: time.timers });
const service = new ConversationService({ environment });
const words = "The latch holds the lid against the base, and the hinge lets it swing open. ";

async function offerJob(index: number): Promise<void> {
  const conversation = await service.obtain({
    seat: { grade: "MEDIUM", depth: "QUICK", output: { tokens: 400 } },
  });
  conversation
    .putMainObjective("Answer briefly.")
    .addUser(`Question ${index}: ${words.repeat(5 + ((index * 7) % 60))}`);
  const giveUp = AbortSignal.timeout((2 * 60_000) / FACTOR); // two virtual minutes of waiting
  try {
    const output = await dispatcher.submit(new LLMCall({ conversation, environment }), undefined, {
      signal: giveUp,
    });
    served += 1;
    usedTokens += output.usage.inputTokens + output.usage.outputTokens;
  } catch {
    // gave up waiting: the overload was real
  }
}

// Mean job: ~470 input + ~120 output tokens; offer OFFERED_MULTIPLE × the limit's job rate.
const jobsPerVirtualSecond = (OFFERED_MULTIPLE * TOKENS_PER_MINUTE) / 60 / 590;
const started = performance.now();
const jobs: Promise<void>[] = [];
let offered = 0;
const end = time.clock.now() + MINUTES * 60_000;
while (time.clock.now() < end) {
  const due = Math.floor(
    ((time.clock.now() - (end - MINUTES * 60_000)) / 1_000) * jobsPerVirtualSecond,
  );
  while (offered < due) jobs.push(offerJob(offered++));
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const measuredTokens = usedTokens;
await Promise.allSettled(jobs);
await server.stop();

const utilisation = measuredTokens / (TOKENS_PER_MINUTE * MINUTES);
const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "cpu";
console.log(
  `Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} × ${os.cpus().length} · load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
);
console.log("");
console.log("| Measure | Figure | Aim |");
console.log("|---|--:|---|");
console.log(
  `| 429 answers from the mock provider | ${server.throttled} ${server.throttled === 0 ? "✅" : "❌"} | 0 |`,
);
console.log(
  `| Share of the ${TOKENS_PER_MINUTE.toLocaleString("en")} TPM limit used over ${MINUTES} virtual minutes | ${(utilisation * 100).toFixed(1)}% ${utilisation >= 0.95 ? "✅" : "❌"} | ≥ 95% |`,
);
console.log(`| Calls offered / served | ${offered} / ${served} | — |`);
console.log("");
console.log(
  `- Real HTTP over loopback through the official openai SDK; virtual time ${FACTOR}× real (${MINUTES} virtual minutes in ${((performance.now() - started) / 1_000).toFixed(1)} s). Jobs give up after two virtual minutes of waiting.`,
);
