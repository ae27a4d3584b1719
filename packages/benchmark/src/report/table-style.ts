import { escapeMarkdown } from "./escape-markdown.js";

/**
 * How the report's tables and notes are written for where they go: the terminal's table only
 * needs its columns kept; a Markdown file is rendered, so text from a model or an error must
 * not turn into links, images or HTML there.
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

/** The logged table: read as plain text, so only a pipe (which would split a cell) is escaped. @internal */
export const TERMINAL_STYLE: TableStyle = {
  cell: (text) => text.replaceAll("|", "\\|"),
  text: (text) => text,
  servedByColumn: false,
};

/** The Markdown file: every cell and failure escaped, and room for a "served by" column. @internal */
export const MARKDOWN_STYLE: TableStyle = {
  cell: escapeMarkdown,
  text: escapeMarkdown,
  servedByColumn: true,
};
