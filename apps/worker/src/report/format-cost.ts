/** Exact cost per currency as one phrase: `USD 0.0125`, `USD 0.01 + EUR 0.02`, or `0` for none. */
export function formatCost(cost: Readonly<Record<string, string>>): string {
  const parts = Object.entries(cost).map(([currency, amount]) => `${currency} ${amount}`);
  return parts.length === 0 ? "0" : parts.join(" + ");
}

/** Rows as an aligned table: the first column left-aligned, the others right-aligned. */
export function formatTable(rows: readonly (readonly string[])[], indent = "  "): string[] {
  // A loop, not Math.max(...cells): a spread of some 130,000 rows overflows the stack.
  const widths = rows[0]!.map((_, column) => rows.reduce((widest, row) => Math.max(widest, (row[column] ?? "").length), 0));
  return rows.map((row) => `${indent}${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ")}`.trimEnd());
}
