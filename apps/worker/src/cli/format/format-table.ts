import { printableText } from "@nucleo/core";

/** A table column: its header and which side its cells align to. */
export interface TableColumn {
  readonly header: string;
  /** Numbers and money align right. */
  readonly align?: "left" | "right";
}

/**
 * A plain-text table: headers, a rule, then the rows, columns padded to their widest cell and
 * separated by two spaces; trailing spaces trimmed. Cells are reduced to printable text ({@link printableText}):
 * recorded text (a model's words, an error) cannot move the cursor, clear the screen or break the line.
 * The one table layout of every `nucleo` command.
 *
 * @example
 * formatTable([{ header: "class" }, { header: "calls", align: "right" }], [["Search", "12"]]);
 * // class   calls
 * // ------  -----
 * // Search     12
 */
export function formatTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
): string {
  const cells = rows.map((row) => columns.map((_, index) => printableText(row[index] ?? "")));
  // A loop, not Math.max(...cells): a spread of some 130,000 rows overflows the stack.
  const widths = columns.map((column, index) =>
    cells.reduce((widest, row) => Math.max(widest, row[index]!.length), column.header.length),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) =>
        columns[index]!.align === "right"
          ? value.padStart(widths[index]!)
          : value.padEnd(widths[index]!),
      )
      .join("  ")
      .trimEnd();
  return [
    line(columns.map((column) => column.header)),
    line(widths.map((width) => "-".repeat(width))),
    ...cells.map(line),
  ].join("\n");
}
