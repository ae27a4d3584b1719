import { readFileSync } from "node:fs";
import { Decimal } from "@nucleo/core";
import { CompiledQuery, type Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** The package README, whose query section the doc tests run. */
export const README = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

/** Every ```sql block of the README by the name on its `-- query: <name>` line. */
export const DOCUMENTED_QUERIES: ReadonlyMap<string, string> = (() => {
  const documented = new Map<string, string>();
  for (const match of README.matchAll(/```sql\n([\s\S]*?)```/g)) {
    const text = match[1]!;
    const name = /^-- query: (\w+)$/m.exec(text)?.[1];
    if (name === undefined)
      throw new Error(`A sql block in the README has no "-- query: <name>" line:\n${text}`);
    documented.set(name, text.trim().replace(/;$/, ""));
  }
  return documented;
})();

/** A row of a documented statement, as the driver reads it. */
export type Row = Record<string, unknown>;

/** Runs the README's statement `name` with `parameters` as `$1`, `$2`, ... */
export async function runDocumented(
  db: Kysely<RecorderDatabase>,
  name: string,
  parameters: readonly unknown[],
): Promise<Row[]> {
  const text = DOCUMENTED_QUERIES.get(name);
  if (text === undefined) throw new Error(`the README documents no query "${name}"`);
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]));
  return rows;
}

/** A sum as the typed API writes it: shortest exact decimal text. */
export const exact = (value: unknown): string => Decimal.parse(String(value)).toString();

/** A JSON object of sums per currency, each as {@link exact} text. */
export const exactRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([currency, cost]) => [
      currency,
      exact(cost),
    ]),
  );
