/** Terminal control sequences (CSI, OSC and other escapes), whole, in 7-bit and 8-bit forms. */
const SEQUENCE = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\x20-\x2f]*[\x30-\x7e]/g;
/** Line breaks and tabs, with the spaces around them. */
const BREAKS = /[\s\x85]*[\t\n\v\f\r\x85\u2028\u2029][\s\x85]*/g;
/** Other controls, DEL, and the bidi overrides and isolates that reorder what a reader sees. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Recorded text (a job's name, an error message, a model's reason) made safe for one table
 * cell: escape sequences and controls dropped, line breaks made spaces. Recorded text comes
 * from jobs and models, and must not clear the screen or rewrite the line it is printed on.
 *
 * @internal
 */
export function cellText(text: string): string {
  return text.replace(SEQUENCE, "").replace(BREAKS, " ").replace(CONTROL, "");
}
