/**
 * Vendor and family names a model may use of itself ("as Claude, I..."), covered by
 * `Blindfold.forCatalog` beside the catalog's own names, so a judge cannot favour its family
 * even when a run names it in passing. Each is covered alone and with a version run into it
 * (`GPT`, `gpt4o`, `GPT-4o-mini`, `Claude 3.5`, `Llama3.1-70b`, `deepseek-r1`), and with a line
 * name after it (`Claude 3.5 Sonnet`, `Gemini Flash`). Their other senses (a llama, the mistral
 * wind, ideas that cohere) are rare enough in a job's run that covering them costs little.
 */
export const FAMILY_TERMS: readonly string[] = Object.freeze([
  "OpenAI", "ChatGPT", "Chat-GPT", "Chat GPT", "GPT", "Anthropic", "Claude", "Gemini", "Gemma", "Llama", "Mistral", "Mixtral",
  "Qwen", "DeepSeek", "Cohere",
]);

/**
 * Model names that are also ordinary words ("phi = 1.618", "grok it", "a sonnet"): covered by
 * `Blindfold.forCatalog` only with a version (`Phi-3`, `Grok 2`, `Opus 4.1`, `Sonnet 4`) or
 * right after a {@link FAMILY_TERMS} name (`Claude Opus`), never alone.
 */
export const VERSIONED_TERMS: readonly string[] = Object.freeze(["Phi", "Grok", "Sonnet", "Opus", "Haiku"]);

// Words that follow a family name in a model's name ("GPT-4 Turbo", "Gemini 1.5 Pro"): covered
// only there, where they can only mean the model, so no "[model] Flash" hints at the family.
const LINE_WORDS = [...VERSIONED_TERMS, "Pro", "Flash", "Turbo", "Mini", "Nano", "Ultra", "Instruct", "Coder", "Preview", "Lite"];

const WORD_BEFORE = "(?<![\\p{L}\\p{N}])";
const WORD_AFTER = "(?![\\p{L}\\p{N}])";

// A version starts with a digit, right after the name or after one `-`, `.`, `_` or space, or
// with one letter and a digit after such a separator (`deepseek-r1`, `claude v2`), and runs on
// over letters, digits and inner `.`/`-`/`_` (`-4o-mini`, ` 3.5`, `3.1-70b`, `_3_opus`): a
// separator is taken only before another letter or digit, so the full stop of "I am GPT-4."
// stays.
const VERSION = "(?:(?:[-._ ]?[0-9]|[-._ ]\\p{L}[0-9])(?:[\\p{L}\\p{N}]|[-._](?=[\\p{L}\\p{N}]))*)";
const LINE = `(?:[-_ ](?:${LINE_WORDS.map(escapeRegExp).join("|")})${VERSION}?)`;

// OpenAI's o-series (`o1`, `o3-mini`, `o4-mini-high`, `o1-2024-12-17`), as whole words only.
const O_SERIES = `${WORD_BEFORE}o[134](?:-(?:mini|pro|preview|high|medium|low))*(?:-[0-9]{4}-[0-9]{2}-[0-9]{2})?${WORD_AFTER}`;

/**
 * The patterns of the well-known names — {@link FAMILY_TERMS} with an optional version and line
 * name, {@link VERSIONED_TERMS} with a required version, and the o-series — one regular
 * expression source each, for the `iu` flags.
 *
 * @internal
 */
export function wellKnownNamePatterns(): string[] {
  const family = longestFirst(FAMILY_TERMS).map(escapeRegExp).join("|");
  const versioned = longestFirst(VERSIONED_TERMS).map(escapeRegExp).join("|");
  return [
    `${WORD_BEFORE}(?:${family})${VERSION}?${LINE}*${WORD_AFTER}`,
    `${WORD_BEFORE}(?:${versioned})${VERSION}${LINE}*${WORD_AFTER}`,
    O_SERIES,
  ];
}

/**
 * One alternation of literal `names` (trimmed, non-empty, longest first, so the first that
 * fits at a position is the longest), each matched only where it is not part of a longer word.
 * The boundary is asked only on a side where the name ends in a letter or digit (as `\b`
 * would): `c++` in `c++x` is still covered, and a name can never survive by leaning on the text
 * its neighbour's cover replaced. `undefined` when there is no name.
 *
 * @internal
 */
export function literalNamesPattern(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  return longestFirst(names).map(literalNamePattern).join("|");
}

const ALPHANUMERIC = /^[\p{L}\p{N}]$/u;

function literalNamePattern(name: string): string {
  const characters = Array.from(name);
  const before = ALPHANUMERIC.test(characters[0]!) ? WORD_BEFORE : "";
  const after = ALPHANUMERIC.test(characters.at(-1)!) ? WORD_AFTER : "";
  return `${before}${escapeRegExp(name)}${after}`;
}

function longestFirst(names: readonly string[]): string[] {
  return [...names].sort((a, b) => b.length - a.length);
}

/** `text` as a pattern that matches it literally. @internal */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
