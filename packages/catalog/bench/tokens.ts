/**
 * Token-counting benchmark for @nucleo/catalog: how fast o200k_base and the calibrated
 * estimate count, and what re-pricing a ~100,000-token conversation costs after one more turn,
 * with each turn's count cached versus counting everything again. Prints a markdown table for
 * the README. Runs against the built package (`pnpm build` first); Node runs this file directly
 * (type stripping), so it keeps to erasable TypeScript syntax.
 */
import os from "node:os";
import { CalibratedEstimate, EncodingCounter, RequestTokenCounter } from "@nucleo/catalog";
import type { RenderedMessage, TokenCounter } from "@nucleo/catalog";

const CORPUS_CHARACTERS = 800_000; // about 200,000 tokens
const COUNT_RUNS = 7; // each on a corpus of its own, so no run counts text an earlier one counted
const ESTIMATE_REPEATS = 20; // the estimate is too fast to time over one corpus pass
const TURNS = 200;
const TURN_CHARACTERS = 1_880; // about 490 tokens: 200 turns make about 100,000
const CACHED_RUNS = 301;
const UNCACHED_RUNS = 15;
const AIM_REPRICE_MS = 1;

const nowMs = (): number => performance.now();

// ---- Realistic text -----------------------------------------------------------------------

/** mulberry32: a small seeded generator, so every run counts the same text. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Common words first: `word()` favours the front of the list, as real prose does.
const WORDS = (
  "the of and to a in is that it for on with as was be by this are or from at an not have has but which they their one all " +
  "would there can will more when what if so about out up into than them other some could time only new these may then its " +
  "we you he she his her our your who how where why because while after before between through during without within under " +
  "first last each every both few many much most such same own just also very well even still again never always often " +
  "make made take given use used find found show shown need needs know known keep kept call called work works run ran seem " +
  "request reservation token tokens model provider price budget output input turn conversation message wire counted estimate " +
  "calibration error reported usage entry catalog cache cached window limit minute throughput latency median queue seat " +
  "admission scope tenant ticket retry throttle timeout cancellation ledger cost decimal currency schedule tier context " +
  "however therefore meanwhile nevertheless accordingly specifically roughly exactly deliberately carefully incrementally " +
  "developer operator reviewer deployment production staging incident postmortem dashboard alert threshold percentile " +
  "schema validation boundary dispatcher observer recorder trajectory artifact orchestration delegation compliance region " +
  "retention invoice customer contract agreement quarter revenue forecast spreadsheet migration database transaction " +
  "journal committee hypothesis experiment measurement analysis summary evidence argument conclusion paragraph chapter " +
  "kitchen garden weather mountain river harbour village library museum hospital railway airport bicycle umbrella " +
  "quietly suddenly eventually apparently fortunately unfortunately surprisingly reluctantly enthusiastically " +
  "ambiguous consistent deterministic idempotent asynchronous concurrent immutable structural nominal proportional"
).split(" ");

const PREFIXES = ["un", "re", "pre", "over", "under", "mis", "non", "co", "sub", "inter"];
const SUFFIXES = ["s", "ed", "ing", "ly", "er", "ness", "able", "ment", "less", "ful", "ation", "ish"];

/** A word: usually a common one, sometimes a rarer derived form (what misses the merge cache). */
function word(random: () => number): string {
  const base = WORDS[Math.floor(random() ** 2 * WORDS.length)]!;
  const roll = random();
  if (roll < 0.06) return pick(PREFIXES, random) + base;
  if (roll < 0.14) return base + pick(SUFFIXES, random);
  if (roll < 0.16) return String(Math.floor(random() * 100_000));
  return base;
}

const CODE_LINES = [
  "export function {a}{B}(input: {B}Input): Promise<{B}Result> {",
  "  const {a} = await context.submitInStep(new {B}Tool(), { {b}: input.{b} });",
  "  if ({a}.{b} === undefined) throw new InvalidInputError({ parameter: \"{b}\", expected: \"a {b}\" });",
  "  for (const {b} of {a}s) total += counter.count({b}.text);",
  "  return { {a}, {b}: {n}, ok: true };",
  "}",
  "const {a}Limit = {n}_000; // tokens per minute",
  "import { {B}, type {B}Options } from \"@nucleo/{a}\";",
  "  expect(await {a}.{b}()).toEqual({ {b}: {n} });",
];

function pick<TItem>(items: readonly TItem[], random: () => number): TItem {
  return items[Math.floor(random() * items.length)]!;
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A paragraph of English prose or a few lines of TypeScript. */
function paragraph(random: () => number): string {
  if (random() < 0.3) {
    const lines: string[] = [];
    const length = 3 + Math.floor(random() * 6);
    for (let line = 0; line < length; line++) {
      lines.push(pick(CODE_LINES, random)
        .replaceAll("{a}", word(random) + capitalize(word(random)))
        .replaceAll("{B}", capitalize(word(random)) + capitalize(word(random)))
        .replaceAll("{b}", word(random))
        .replaceAll("{n}", String(Math.floor(random() * 1000))));
    }
    return ["```ts", ...lines, "```"].join("\n");
  }
  const sentences: string[] = [];
  const length = 2 + Math.floor(random() * 5);
  for (let sentence = 0; sentence < length; sentence++) {
    const words = Array.from({ length: 6 + Math.floor(random() * 18) }, () => word(random));
    const text = words.join(random() < 0.2 ? ", " : " ");
    sentences.push(`${capitalize(text)}${pick([".", ".", ".", "?", "!", " (roughly 42%)."], random)}`);
  }
  return sentences.join(" ");
}

/** Paragraphs appended until the text holds at least `characters`. */
function textOf(characters: number, random: () => number): string {
  const paragraphs: string[] = [];
  let length = 0;
  while (length < characters) {
    const next = paragraph(random);
    paragraphs.push(next);
    length += next.length + 2;
  }
  return paragraphs.join("\n\n");
}

// ---- Measures -----------------------------------------------------------------------------

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

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
function repriceCached(counter: TokenCounter, base: readonly RenderedMessage[], fresh: readonly RenderedMessage[]): number {
  const requests = new RequestTokenCounter(counter);
  requests.count({ messages: base });
  return timeMedian(fresh.length, (run) => void requests.count({ messages: [...base, fresh[run]!] }));
}

// ---- Report -------------------------------------------------------------------------------

const fixed = (value: number, digits: number): string =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const whole = (value: number): string => Math.round(value).toLocaleString("en-US");
const perSecond = (tokensPerMs: number): string => `${fixed(tokensPerMs / 1000, 2)} M tokens/s`;

function machineLine(): string {
  const cpus = os.cpus();
  return `Node ${process.version} (V8 ${process.versions.v8}) · ${os.platform()} ${os.arch()} · `
    + `${cpus[0]?.model.trim() ?? "unknown CPU"} × ${cpus.length} · load ${os.loadavg().map((value) => value.toFixed(2)).join(" ")} · `
    + `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function main(): void {
  const started = nowMs();
  const step = (name: string): void => void process.stderr.write(`bench: ${name} (${((nowMs() - started) / 1000).toFixed(1)} s)\n`);
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
  const turn = (index: number): RenderedMessage => ({ role: index % 2 === 0 ? "user" : "assistant", text: textOf(TURN_CHARACTERS, random) });
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
  const uncachedMs = timeMedian(UNCACHED_RUNS, (run) => void new RequestTokenCounter(exact).count({ messages: [...base, fresh[run]!] }));
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
    `- Texts: seeded English prose with TypeScript blocks, ${whole(CORPUS_CHARACTERS)} characters each; counting speed is the median `
      + `over ${COUNT_RUNS} texts, each counted once (the estimate: ${ESTIMATE_REPEATS} passes each), after the first count loaded the encoding.`,
    `- Conversation: ${TURNS} turns of ${whole(TURN_CHARACTERS)} characters; each re-price adds a turn never counted before (median ${whole(newTurnTokens)} tokens) `
      + `and prices all ${TURNS + 1} turns through one \`RequestTokenCounter\`; median of ${CACHED_RUNS} runs. `
      + `Uncached: a fresh \`RequestTokenCounter\` per run, median of ${UNCACHED_RUNS} runs.`,
    `- Whole bench: ${((nowMs() - started) / 1000).toFixed(1)} s.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main();
