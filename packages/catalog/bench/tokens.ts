/**
 * Token-counting benchmark for @nucleo/catalog: how fast o200k_base and the calibrated
 * estimate count, and what re-pricing a ~100,000-token conversation costs after one more turn,
 * with each turn's count cached versus counting everything again. Prints a markdown table for
 * the README. Runs against the built package (`pnpm build` first); Node runs this file directly
 * (type stripping), so it keeps to erasable TypeScript syntax.
 */
import { CalibratedEstimate, EncodingCounter, RequestTokenCounter } from "@nucleo/catalog";
import type { RenderedMessage, TokenCounter } from "@nucleo/catalog";
import { fixed, machineLine, median, whole } from "@nucleo/tooling/bench";
import { seededRandom, textOf } from "./seeded-text.ts";

const CORPUS_CHARACTERS = 800_000; // about 200,000 tokens
const COUNT_RUNS = 7; // each on a corpus of its own, so no run counts text an earlier one counted
const ESTIMATE_REPEATS = 20; // the estimate is too fast to time over one corpus pass
const TURNS = 200;
const TURN_CHARACTERS = 1_880; // about 490 tokens: 200 turns make about 100,000
const CACHED_RUNS = 301;
const UNCACHED_RUNS = 15;
const AIM_REPRICE_MS = 1;

const nowMs = (): number => performance.now();

// ---- Measures -----------------------------------------------------------------------------

/** Median ms of `runs` calls of `work`. */
function timeMedian(runs: number, work: (run: number) => void): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = nowMs();
    work(run);
    samples.push(nowMs() - start);
  }
  return median(samples);
}

/** Median ms to price `base` plus one turn not seen before, with a counter that has seen `base`. */
function repriceCached(
  counter: TokenCounter,
  base: readonly RenderedMessage[],
  fresh: readonly RenderedMessage[],
): number {
  const requests = new RequestTokenCounter(counter);
  requests.count({ messages: base });
  return timeMedian(
    fresh.length,
    (run) => void requests.count({ messages: [...base, fresh[run]!] }),
  );
}

// ---- Report -------------------------------------------------------------------------------

const perSecond = (tokensPerMs: number): string => `${fixed(tokensPerMs / 1000, 2)} M tokens/s`;

function main(): void {
  const started = nowMs();
  const step = (name: string): void =>
    void process.stderr.write(`bench: ${name} (${((nowMs() - started) / 1000).toFixed(1)} s)\n`);
  const exact = new EncodingCounter("o200k_base");
  const estimate = new CalibratedEstimate();
  const random = seededRandom(20_250_807);

  step("loading o200k_base");
  const loadStart = nowMs();
  exact.count("warm up");
  const loadMs = nowMs() - loadStart;

  step("building the texts");
  // Nothing timed is counted before it is timed: gpt-tokenizer caches merges of the words it has
  // seen, so recounting one text would flatter it.
  const corpora = Array.from({ length: COUNT_RUNS }, () => textOf(CORPUS_CHARACTERS, random));
  const turn = (index: number): RenderedMessage => ({
    role: index % 2 === 0 ? "user" : "assistant",
    text: textOf(TURN_CHARACTERS, random),
  });
  const base = Array.from({ length: TURNS }, (_, index) => turn(index));
  const fresh = Array.from({ length: CACHED_RUNS }, (_, index) => turn(TURNS + index));

  step("counting speed");
  const corpusTokens: number[] = [];
  const exactRates: number[] = [];
  const estimateRates: number[] = [];
  for (const corpus of corpora) {
    const start = nowMs();
    const tokens = exact.count(corpus);
    exactRates.push(tokens / (nowMs() - start));
    corpusTokens.push(tokens);
    const estimateStart = nowMs();
    for (let repeat = 0; repeat < ESTIMATE_REPEATS; repeat++) estimate.count(corpus);
    estimateRates.push((tokens * ESTIMATE_REPEATS) / (nowMs() - estimateStart));
  }

  step("re-pricing, cached");
  const cachedMs = repriceCached(exact, base, fresh);
  const estimateCachedMs = repriceCached(estimate, base, fresh);

  step("re-pricing, uncached");
  const uncachedMs = timeMedian(
    UNCACHED_RUNS,
    (run) => void new RequestTokenCounter(exact).count({ messages: [...base, fresh[run]!] }),
  );
  const conversationTokens = new RequestTokenCounter(exact).count({ messages: base });
  const newTurnTokens = median(fresh.map((message) => exact.count(message.text ?? "")));
  step("done");

  const pass = cachedMs < AIM_REPRICE_MS;
  const lines = [
    machineLine(),
    "",
    "| Measure | Median | Aim |",
    "|---|--:|---|",
    `| o200k_base: first count in the process (loads the encoding) | ${fixed(loadMs, 0)} ms | — |`,
    `| o200k_base counting, ~${whole(median(corpusTokens))}-token texts | ${perSecond(median(exactRates))} | — |`,
    `| Calibrated estimate counting, same texts (in o200k_base tokens) | ${perSecond(median(estimateRates))} | — |`,
    `| Re-price ${whole(conversationTokens)}-token conversation after one more turn, cached (o200k_base) | ${fixed(cachedMs, 3)} ms | < ${AIM_REPRICE_MS} ms ${pass ? "✅" : "❌"} |`,
    `| Same, counting everything again (o200k_base) | ${fixed(uncachedMs, 1)} ms | — |`,
    `| Uncached ÷ cached | ×${whole(uncachedMs / cachedMs)} | — |`,
    `| Re-price after one more turn, cached (calibrated estimate) | ${fixed(estimateCachedMs, 3)} ms | < ${AIM_REPRICE_MS} ms ${estimateCachedMs < AIM_REPRICE_MS ? "✅" : "❌"} |`,
    "",
    `- Texts: seeded English prose with TypeScript blocks, ${whole(CORPUS_CHARACTERS)} characters each; counting speed is the median ` +
      `over ${COUNT_RUNS} texts, each counted once (the estimate: ${ESTIMATE_REPEATS} passes each), after the first count loaded the encoding.`,
    `- Conversation: ${TURNS} turns of ${whole(TURN_CHARACTERS)} characters; each re-price adds a turn never counted before (median ${whole(newTurnTokens)} tokens) ` +
      `and prices all ${TURNS + 1} turns through one \`RequestTokenCounter\`; median of ${CACHED_RUNS} runs. ` +
      `Uncached: a fresh \`RequestTokenCounter\` per run, median of ${UNCACHED_RUNS} runs.`,
    `- Whole bench: ${((nowMs() - started) / 1000).toFixed(1)} s.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main();
