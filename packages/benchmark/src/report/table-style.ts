import { escapeMarkdown } from "./escape-markdown.js";
import { plainText } from "./plain-text.js";

/**
 * How the report's tables and notes are written for where they go: in both, text from a model
 * or an error is reduced to plain text on one line (see {@link plainText}), so it cannot drive
 * the terminal; the terminal's table then only needs its columns kept; a Markdown file is
 * rendered, so such text must not turn into links, images or HTML there either.
 *
 * @internal
 */
export interface TableStyle {
  /** Makes a table cell's text safe for the table. */
  readonly cell: (text: string) => string;
  /** Makes untrusted text in a line under the tables (a failure's reason) safe. */
  readonly text: (text: string) => string;
  /** Whether the runs table lists every entry that served a run, in a column of its own. */
  readonly servedByColumn: boolean;
}

/** The logged table: plain text, with a pipe (which would split a cell) escaped. @internal */
export const TERMINAL_STYLE: TableStyle = {
  cell: (text) => plainText(text).replaceAll("|", "\\|"),
  text: plainText,
  servedByColumn: false,
};

/** The Markdown file: every cell and failure made plain and escaped, and room for a "served by" column. @internal */
export const MARKDOWN_STYLE: TableStyle = {
  cell: escapeMarkdown,
  text: escapeMarkdown,
  servedByColumn: true,
};
