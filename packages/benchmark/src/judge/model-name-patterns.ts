/**
 * Vendor, lab and family names a model may use of itself ("as Claude, I...", "I'm Grok, built
 * by xAI"), covered by `Blindfold.forCatalog` beside the catalog's own names, so a judge cannot
 * favour its family even when a run names it in passing. Each is covered alone and with a
 * version run into it (`GPT`, `gpt4o`, `GPT-4o-mini`, `Claude 3.5`, `Llama3.1-70b`,
 * `deepseek-r1`, `Kimi K2`), and with a line name after it (`Claude 3.5 Sonnet`, `Gemini Flash`,
 * `Mistral Large 2`, `command-r-plus`). A separator inside a name may be any of `-`, `_`, `.`, a
 * space or any other dash, or none (`Chat GPT`, `chat-gpt`, `ChatGPT`, `Moonshot AI`).
 *
 * Their other senses (a llama, the mistral wind, ideas that cohere, XAI for explainable AI) are
 * rare enough in a job's run that covering them costs little. Company names that are ordinary
 * words or content — Google, Microsoft, Meta, Amazon, Nova — are not here: a run about them
 * would lose its subject. A deployment whose runs should not name them either adds them as
 * extra terms (`blindTerms`); so too "Moonshot" alone (this list has `Moonshot AI`).
 */
export const FAMILY_TERMS: readonly string[] = Object.freeze([
  "OpenAI",
  "ChatGPT",
  "Chat GPT",
  "GPT",
  "Anthropic",
  "Claude",
  "Gemini",
  "Gemma",
  "Llama",
  "Mistral",
  "Mixtral",
  "Qwen",
  "DeepSeek",
  "Cohere",
  "Command R+",
  "Command R",
  "xAI",
  "DeepMind",
  "Moonshot AI",
  "Kimi",
  "Zhipu",
  "ChatGLM",
]);

/**
 * Model names that are also ordinary words ("phi = 1.618", "grok it", "a sonnet", "a moonshot",
 * "fit a GLM"): covered by `Blindfold.forCatalog` only with a version (`Phi-3`, `Grok 2`,
 * `Opus 4.1`, `Sonnet 4`, `GLM-4.5`, `moonshot-v1-8k`), and Claude's lines right after a
 * {@link FAMILY_TERMS} name (`Claude Opus`), never alone.
 */
export const VERSIONED_TERMS: readonly string[] = Object.freeze([
  "Phi",
  "Grok",
  "Sonnet",
  "Opus",
  "Haiku",
  "GLM",
  "Moonshot",
]);

// The VERSIONED_TERMS that name a family's line ("Claude 3.5 Sonnet"): at most one follows a
// family name. Never after a versioned name, so "Sonnet 4 Opus 4" is two names, not one.
const FAMILY_LINES = ["Sonnet", "Opus", "Haiku"];

// Ordinary words that follow a family or versioned name in a model's name ("GPT-4 Turbo",
// "Gemini 1.5 Pro", "Mistral Large 2"): covered only there, where they can only mean the model,
// so no "[model] Flash" hints at the family. At most MAX_LINE_WORDS in a row.
const LINE_WORDS = [
  "Pro",
  "Flash",
  "Turbo",
  "Mini",
  "Nano",
  "Ultra",
  "Instruct",
  "Coder",
  "Preview",
  "Lite",
  "Exp",
  "Large",
  "Small",
  "Medium",
  "Max",
  "Plus",
];
const MAX_LINE_WORDS = 3;

// Words a version may end on after a `-`, `.` or `_` (never a space: "GPT-4 chat" is prose).
const SUFFIXES = [
  "mini",
  "nano",
  "pro",
  "turbo",
  "preview",
  "latest",
  "instruct",
  "chat",
  "high",
  "low",
  "medium",
  "exp",
  "it",
];
// How many segments a version takes after its first: enough for `-4o-mini-2024-07-18`.
const MAX_VERSION_SEGMENTS = 4;

const ALPHANUMERIC_CLASS = "[\\p{L}\\p{N}]";
const WORD_BEFORE = `(?<!${ALPHANUMERIC_CLASS})`;
const WORD_AFTER = `(?!${ALPHANUMERIC_CLASS})`;
// A match ending in a letter or digit must end a word; one ending in a symbol (`Command R+`) need not.
const WORD_END = `(?:(?<!${ALPHANUMERIC_CLASS})|${WORD_AFTER})`;
// Any dash counts as `-` (`GPT‑4` with a non-breaking hyphen); \p{Pd} includes `-` itself.
const SEPARATOR = "[._ \\p{Pd}]";
const JOINER = "[._\\p{Pd}]";
const SEPARATOR_CHARACTER = /^[._ \p{Pd}]$/u;
const DATE = `[0-9]{4}${JOINER}[0-9]{2}${JOINER}[0-9]{2}`;

/**
 * A version's parts. Its first segment starts with a digit, right after the name or after one
 * separator, or with one letter and a digit after a separator (`deepseek-r1`, `claude v2`), and
 * runs on over letters and digits. Each further segment (at most {@link MAX_VERSION_SEGMENTS})
 * follows one separator and holds a digit (`.5`, `-70b`, ` 405B`), is a date (`-2024-08-06`),
 * or is a known suffix after a `-`, `.` or `_` (`-mini`). So a version stops at the first
 * ordinary word ("gpt-4-is-great" keeps "-is-great"), at a separator with nothing after it (the
 * full stop of "I am GPT-4."), and before another well-known name, which is covered on its own
 * ("phi 1 phi2" is two names).
 */
function versionParts(wellKnownStart: string): { version: string; tail: string } {
  const first = `(?:${SEPARATOR}?[0-9]|${SEPARATOR}\\p{L}[0-9])${ALPHANUMERIC_CLASS}*`;
  const withDigit = `(?:${DATE}|\\p{L}*[0-9]${ALPHANUMERIC_CLASS}*)`;
  const next = `(?:${SEPARATOR}(?!${wellKnownStart})${withDigit}|${JOINER}(?:${SUFFIXES.join("|")})${WORD_AFTER})`;
  return {
    version: `(?:${first}${next}{0,${MAX_VERSION_SEGMENTS}})`,
    // After a line word, the same segments (a version or suffixes: `Opus 4.1`, `Pro1.5`,
    // `flash-exp`, `opus-20240229`), each optional, as many as a version takes in all.
    tail: `(?:[0-9]${ALPHANUMERIC_CLASS}*)?${next}{0,${MAX_VERSION_SEGMENTS}}`,
  };
}

// OpenAI's o-series (`o1`, `o3-mini`, `o4-mini-high`, `o1-2024-12-17`), as whole words only.
const O_SERIES = `${WORD_BEFORE}o[134](?:\\p{Pd}(?:mini|pro|preview|high|medium|low)){0,3}(?:\\p{Pd}${DATE})?${WORD_AFTER}`;

/**
 * The patterns of the well-known names — the o-series, {@link VERSIONED_TERMS} with a required
 * version and optional line names, and {@link FAMILY_TERMS} with an optional version and line
 * names — one regular expression source each, for the `iu` flags, with no capturing group.
 *
 * @internal
 */
export function wellKnownNamePatterns(): string[] {
  const family = alternation(FAMILY_TERMS, `${SEPARATOR}?`);
  const versioned = alternation(VERSIONED_TERMS, `${SEPARATOR}?`);
  const { version, tail } = versionParts(`(?:${family}|${versioned})`);
  const familyLine = `(?:${SEPARATOR}(?:${FAMILY_LINES.join("|")})${tail})`;
  const line = `(?:${SEPARATOR}(?:${LINE_WORDS.join("|")})${tail})`;
  const lines = `${line}{0,${MAX_LINE_WORDS}}`;
  // The family names last: they are the likeliest to be found, and a blindfold checks only the
  // patterns after the one that found a name for a longer match at the same place.
  return [
    O_SERIES,
    `${WORD_BEFORE}(?:${versioned})${version}${lines}${WORD_END}`,
    `${WORD_BEFORE}(?:${family})${version}?${familyLine}?${lines}${WORD_END}`,
  ];
}

/**
 * One alternation of literal `names` (trimmed, non-empty, longest first, so the first that
 * fits at a position is the longest), each matched only where it is not part of a longer word.
 * The boundary is asked only on a side where the name ends in a letter or digit (as `\b`
 * would): `c++` in `c++x` is still covered, and a name can never survive by leaning on the text
 * its neighbour's cover replaced. A separator in a name with a letter or digit (`-`, `_`, `.`,
 * a space, any dash) matches any one of them, so `model-alpha` covers `model alpha` and
 * `MODEL_ALPHA`; every other character is matched literally. `undefined` when there is no name.
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
  // A name of separators only (`-`) is itself: as a class it would cover every separator.
  const hasWord = characters.some((character) => ALPHANUMERIC.test(character));
  return `${before}${hasWord ? spelled(name, SEPARATOR) : escapeRegExp(name)}${after}`;
}

/** `names` as one alternation, longest first, each separator in them matched as `separator`. */
function alternation(names: readonly string[], separator: string): string {
  return [...new Set(longestFirst(names).map((name) => spelled(name, separator)))].join("|");
}

/** `name` as a pattern: its separators as `separator`, everything else literally. */
function spelled(name: string, separator: string): string {
  return Array.from(name, (character) =>
    SEPARATOR_CHARACTER.test(character) ? separator : escapeRegExp(character),
  ).join("");
}

function longestFirst(names: readonly string[]): string[] {
  return [...names].sort((a, b) => b.length - a.length);
}

/** `text` as a pattern that matches it literally. @internal */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
