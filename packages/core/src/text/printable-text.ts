/**
 * Terminal control sequences, whole, so none leaves its parameters behind as text: the string
 * ones (OSC — a title or an OSC 8 hyperlink —, DCS, SOS, PM, APC) through their terminator,
 * CSI (`ESC [2J` clears the screen), and any other escape; each in its 7-bit form and, where
 * there is one, its 8-bit C1 form. A string sequence without its terminator is not one: only its
 * introducer goes, with the other controls.
 */
const SEQUENCE =
  /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\x20-\x2f]*[\x30-\x7e]/g;

/** Everything that ends a line somewhere: a lone `\r` too (a terminal moves back over the line). */
const LINE_BREAK = /\r\n|[\n\v\f\r\x85\u2028\u2029]/;

/** A run of whitespace holding a line break or a tab, which becomes one space. */
const BREAKING_SPACE = /[\s\x85]*[\t\n\v\f\r\x85\u2028\u2029][\s\x85]*/g;

/**
 * What is left to drop: C0 and C1 controls and DEL, and the bidi overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which reorder what a reader sees ("Trojan Source").
 */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text a model or an error wrote, reduced to ordinary printable characters on one line: control
 * sequences and control characters dropped, line breaks and tabs made spaces, bidi overrides
 * dropped. For everything such text reaches on a terminal or in a report (a benchmark's table, the
 * recorder's command, progress and error lines). A judge's reason cannot clear the screen, hide a
 * link behind other words, overwrite its line with `\r` or read backwards.
 *
 * @example
 * printableText("7/10\x1b[2J\u202Eok"); // "7/10ok"
 *
 */
export function printableText(text: string): string {
  return text.replace(SEQUENCE, "").replace(BREAKING_SPACE, " ").replace(CONTROL, "");
}

/**
 * The first line of `text` (up to any line break, a lone `\r` included), as {@link printableText}:
 * for a note or an error line, where the rest would be a stack trace.
 *
 * @example
 * firstPrintableLine("internal: boom\r    at run (job.ts:3)"); // "internal: boom"
 *
 */
export function firstPrintableLine(text: string): string {
  // Sequences go first, so a line break inside one (an OSC's text) does not cut it in half.
  return printableText(text.replace(SEQUENCE, "").split(LINE_BREAK, 1)[0]!);
}
