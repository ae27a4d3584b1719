import { machineLine } from "./machine-line.ts";

/** A column of a {@link MarkdownTable}: its title, and `right` for figures. */
export interface TableColumn {
  readonly title: string;
  readonly align?: "left" | "right";
}

/** A Markdown table: the columns, and one row of cells per line. */
export interface MarkdownTable {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly string[])[];
}

/** A part of a {@link benchReport}: a line of text, a list of lines (notes), or a table. */
export type ReportBlock = string | readonly string[] | MarkdownTable;

/**
 * A table's lines: the header, the alignment row (`---` left, `--:` right), then each row.
 * A row with a cell count other than the columns' is an error that names the row.
 *
 * @example
 * markdownTable({ columns: [{ title: "Measure" }, { title: "Figure", align: "right" }], rows: [["a", "1"]] });
 * // ["| Measure | Figure |", "|---|--:|", "| a | 1 |"]
 */
export function markdownTable(table: MarkdownTable): string[] {
  const { columns, rows } = table;
  for (const [index, row] of rows.entries()) {
    if (row.length !== columns.length)
      throw new RangeError(
        `markdownTable: row ${index} ("${row[0] ?? ""}") has ${row.length} cells, the table ${columns.length} columns`,
      );
  }
  const line = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;
  return [
    line(columns.map((column) => column.title)),
    `|${columns.map((column) => (column.align === "right" ? "--:" : "---")).join("|")}|`,
    ...rows.map(line),
  ];
}

/**
 * The text a bench prints: {@link machineLine}, then each block, a blank line between blocks.
 *
 * @example
 * console.log(benchReport(table, [`- Whole bench: ${seconds} s.`]));
 */
export function benchReport(...blocks: readonly ReportBlock[]): string {
  const parts = blocks.map((block) =>
    typeof block === "string"
      ? block
      : "columns" in block
        ? markdownTable(block).join("\n")
        : block.join("\n"),
  );
  return [machineLine(), ...parts].join("\n\n");
}
