/**
 * Seeded, realistic text for the token benchmarks: English prose with TypeScript blocks, the
 * same on every run. Node runs the benchmarks directly (type stripping), so this keeps to
 * erasable TypeScript syntax.
 */

/** mulberry32: a small seeded generator, so every run counts the same text (and offers the same simulated jobs). */
export function seededRandom(seed: number): () => number {
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
const SUFFIXES = [
  "s",
  "ed",
  "ing",
  "ly",
  "er",
  "ness",
  "able",
  "ment",
  "less",
  "ful",
  "ation",
  "ish",
];

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
  '  if ({a}.{b} === undefined) throw new InvalidInputError({ parameter: "{b}", expected: "a {b}" });',
  "  for (const {b} of {a}s) total += counter.count({b}.text);",
  "  return { {a}, {b}: {n}, ok: true };",
  "}",
  "const {a}Limit = {n}_000; // tokens per minute",
  'import { {B}, type {B}Options } from "@nucleo/{a}";',
  "  expect(await {a}.{b}()).toEqual({ {b}: {n} });",
];

function pick<TItem>(items: readonly TItem[], random: () => number): TItem {
  return items[Math.floor(random() * items.length)]!;
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A paragraph of English prose or a few lines of TypeScript. */
export function paragraph(random: () => number): string {
  if (random() < 0.3) {
    const lines: string[] = [];
    const length = 3 + Math.floor(random() * 6);
    for (let line = 0; line < length; line++) {
      lines.push(
        pick(CODE_LINES, random)
          .replaceAll("{a}", word(random) + capitalize(word(random)))
          .replaceAll("{B}", capitalize(word(random)) + capitalize(word(random)))
          .replaceAll("{b}", word(random))
          .replaceAll("{n}", String(Math.floor(random() * 1000))),
      );
    }
    return ["```ts", ...lines, "```"].join("\n");
  }
  const sentences: string[] = [];
  const length = 2 + Math.floor(random() * 5);
  for (let sentence = 0; sentence < length; sentence++) {
    const words = Array.from({ length: 6 + Math.floor(random() * 18) }, () => word(random));
    const text = words.join(random() < 0.2 ? ", " : " ");
    sentences.push(
      `${capitalize(text)}${pick([".", ".", ".", "?", "!", " (roughly 42%)."], random)}`,
    );
  }
  return sentences.join(" ");
}

/** Paragraphs appended until the text holds at least `characters`. */
export function textOf(characters: number, random: () => number): string {
  const paragraphs: string[] = [];
  let length = 0;
  while (length < characters) {
    const next = paragraph(random);
    paragraphs.push(next);
    length += next.length + 2;
  }
  return paragraphs.join("\n\n");
}
