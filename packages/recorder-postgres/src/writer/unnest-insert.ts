import { CompiledQuery, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";

/**
 * The most rows one statement carries. Values travel as one array parameter per column, so
 * PostgreSQL's 65,535-parameter limit never binds; this only keeps each statement a sensible size.
 */
export const MAX_ROWS_PER_STATEMENT = 5_000;

/** How a column's values travel: as an array of its type (`jsonb` and `text[]` as text, cast back). @internal */
export type ColumnKind =
  | "text"
  | "int4"
  | "int8"
  | "bool"
  | "float4"
  | "numeric"
  | "timestamptz"
  | "jsonb"
  | "text[]";

/** One table's multi-row INSERT: its columns and their kinds, and what follows the SELECT. @internal */
export interface Insert<TRow> {
  readonly table: keyof RecorderDatabase;
  /** The rows' columns (as the unnested rows, `batch`, have them) and how each travels. */
  readonly columns: Readonly<Record<keyof TRow & string, ColumnKind>>;
  readonly onConflict: string;
  /**
   * For rows that are not inserted as they are: the table's columns to fill (`into`), what
   * fills them (`select`, reading `batch`), and what follows `from unnest(…) as batch(…)` (a
   * join, a where). By default the rows' columns are inserted as they come.
   */
  readonly derived?: { readonly into: string; readonly select: string; readonly from: string };
}

/**
 * Inserts `rows` with `statement`, `MAX_ROWS_PER_STATEMENT` at a time, each chunk's values
 * taken from `unnest` over one array parameter per column.
 *
 * @internal
 */
export async function insert<TRow>(
  trx: Kysely<RecorderDatabase>,
  statement: Insert<TRow>,
  rows: readonly TRow[],
): Promise<void> {
  const columns = Object.entries(statement.columns) as [keyof TRow & string, ColumnKind][];
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + MAX_ROWS_PER_STATEMENT);
    const parameters = columns.map(([column, kind]) => {
      const values: unknown[] = new Array(chunk.length);
      for (let index = 0; index < chunk.length; index++) {
        const value = chunk[index]![column];
        values[index] = kind === "text[]" ? arrayLiteral(value as readonly string[]) : value;
      }
      return values;
    });
    await trx.executeQuery(
      CompiledQuery.raw(statementText(statement as Insert<unknown>), parameters),
    );
  }
}

const texts = new WeakMap<Insert<unknown>, string>();

/** `insert into <table> (<columns>) select … from unnest($1::<type>[], …) as batch(<columns>) <on conflict …>`, cached. */
function statementText(statement: Insert<unknown>): string {
  let text = texts.get(statement);
  if (text === undefined) {
    const columns = Object.entries(statement.columns) as [string, ColumnKind][];
    const names = columns.map(([column]) => `"${column}"`).join(", ");
    // A text[] column travels as the array literal of each row's array (unnest would flatten a
    // two-dimensional one); jsonb as its JSON text.
    const arrays = columns
      .map(
        ([, kind], index) =>
          `$${index + 1}::${kind === "text[]" || kind === "jsonb" ? "text" : kind}[]`,
      )
      .join(", ");
    const selected = columns
      .map(([column, kind]) =>
        kind === "text[]" || kind === "jsonb" ? `"${column}"::${kind}` : `"${column}"`,
      )
      .join(", ");
    const { derived } = statement;
    text =
      derived === undefined
        ? `insert into ${statement.table} (${names}) select ${selected} from unnest(${arrays}) as batch(${names}) ${statement.onConflict}`
        : `insert into ${statement.table} (${derived.into}) select ${derived.select} from unnest(${arrays}) as batch(${names}) ${derived.from} ${statement.onConflict}`;
    texts.set(statement, text);
  }
  return text;
}

/** A `text[]` literal: `{"a","b"}`, quotes and backslashes escaped. */
function arrayLiteral(values: readonly string[]): string {
  let literal = "{";
  for (let index = 0; index < values.length; index++) {
    if (index > 0) literal += ",";
    literal += `"${values[index]!.replace(/["\\]/g, "\\$&")}"`;
  }
  return `${literal}}`;
}
