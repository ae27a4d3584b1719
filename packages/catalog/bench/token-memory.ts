/**
 * Token-counting memory benchmark for @nucleo/catalog: a long-running worker counts every
 * request, tool result and answer, so what counting keeps must not grow with what was counted.
 * Counts 100,000 distinct texts of about 4,000 characters, each ending in words no earlier
 * text held (so each adds entries to the tokenizer's merge cache, the worst case for it), and
 * reports the heap retained after garbage collection. Prints a markdown table for the README.
 * Runs against the built package (`pnpm build` first) with `node --expose-gc`; Node runs this
 * file directly (type stripping), so it keeps to erasable TypeScript syntax.
 */
import { EncodingCounter } from "@nucleo/catalog";
import { fixed, machineLine, whole } from "@nucleo/tooling/bench";
import { paragraph, seededRandom } from "./seeded-text.ts";

const TEXTS = 100_000;
const TEXT_CHARACTERS = 4_000; // about 1,000 tokens: a tool result or an answer
const FRESH_WORDS = 3; // per text, each one never seen before
const PARAGRAPHS = 512; // the pool texts are drawn from, so their common words recur as in real use
const CHECKPOINTS = 10;
const AIM_RETAINED_MB = 5;

const MB = 1_000_000;
const nowMs = (): number => performance.now();

/** A word no vocabulary holds whole, distinct for each `index`: 14+ characters, so V8 keeps it as a slice of its text. */
function freshWord(index: number): string {
  let letters = "";
  for (let rest = index; ; rest = Math.floor(rest / 26) - 1) {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    if (rest < 26) break;
  }
  return ` zqxfresh${letters}vq`;
}

/** Text `index`: paragraphs from the pool until it holds TEXT_CHARACTERS, then its fresh words. */
function textAt(index: number, pool: readonly string[], random: () => number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < TEXT_CHARACTERS) {
    const next = pool[Math.floor(random() * pool.length)]!;
    parts.push(next);
    length += next.length + 2;
  }
  const fresh = Array.from({ length: FRESH_WORDS }, (_, word) =>
    freshWord(index * FRESH_WORDS + word),
  ).join("");
  return `${parts.join("\n\n")}${fresh}.`;
}

function main(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined)
    throw new Error(
      "bench/token-memory.ts measures the heap after garbage collection: run it with node --expose-gc",
    );
  const started = nowMs();
  const step = (name: string): void =>
    void process.stderr.write(`bench: ${name} (${((nowMs() - started) / 1000).toFixed(1)} s)\n`);
  const counter = new EncodingCounter("o200k_base");
  const random = seededRandom(20_251_201);

  step("loading o200k_base");
  counter.count("warm up");
  const pool = Array.from({ length: PARAGRAPHS }, () => paragraph(random));

  gc();
  const baseline = process.memoryUsage().heapUsed;
  const growthAt: number[] = [];
  let characters = 0;
  let tokens = 0;
  let countingMs = 0;
  for (let index = 0; index < TEXTS; index++) {
    const text = textAt(index, pool, random);
    characters += text.length;
    const start = nowMs();
    tokens += counter.count(text);
    countingMs += nowMs() - start;
    if ((index + 1) % (TEXTS / CHECKPOINTS) === 0) {
      gc();
      growthAt.push(process.memoryUsage().heapUsed - baseline);
      step(`${whole(index + 1)} texts counted`);
    }
  }
  const retained = growthAt.at(-1)!;

  const lines = [
    machineLine(),
    "",
    "| Measure | Figure | Aim |",
    "|---|--:|---|",
    `| Heap retained after counting ${whole(TEXTS)} distinct texts (o200k_base), after GC | ${fixed(retained / MB, 2)} MB | < ${AIM_RETAINED_MB} MB ${retained < AIM_RETAINED_MB * MB ? "✅" : "❌"} |`,
    `| Largest growth at a checkpoint (every ${whole(TEXTS / CHECKPOINTS)} texts) | ${fixed(Math.max(...growthAt) / MB, 2)} MB | — |`,
    `| Counting speed over those texts | ${fixed(tokens / countingMs / 1000, 2)} M tokens/s | — |`,
    "",
    `- Texts: ${whole(TEXTS)}, ${whole(characters / TEXTS)} characters (${whole(tokens / TEXTS)} tokens) each on average, ${fixed(characters / MB, 0)} MB in all: ` +
      `seeded prose and TypeScript paragraphs drawn from a pool of ${PARAGRAPHS}, each text ending in ${FRESH_WORDS} words no earlier text held. ` +
      `Retained: \`heapUsed\` after a full GC, minus the same after loading the encoding; checkpoints: ${growthAt.map((growth) => fixed(growth / MB, 1)).join(", ")} MB.`,
    `- Whole bench: ${((nowMs() - started) / 1000).toFixed(1)} s.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main();
