import { TypeOverrides, types } from "pg";

// PostgreSQL type ids (pg_type.oid) whose reading the two drivers disagree on by default.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const INTERVAL = 1186;
const INT8_ARRAY = 1016;
const NUMERIC_ARRAY = 1231;
const DATE_ARRAY = 1182;
const INTERVAL_ARRAY = 1187;
const TEXT_ARRAY = 1009;

const asText = (value: string): string => value;

/**
 * How the recorder reads values back, the same on a server (`pg`) and on PGlite, which differ
 * by default: `bigint` as decimal text (exact past 2^53; PGlite would give a number), `numeric`
 * as exact text (`pg` would make a float of `numeric[]`), `date` as `YYYY-MM-DD` text (`pg`
 * would make a local-midnight `Date`), `interval` as PostgreSQL's text. The rest are the
 * drivers' shared defaults: `timestamptz` → `Date`, `jsonb` → parsed JSON, `text[]` →
 * `string[]`, `integer`/`real` → `number`, `boolean` → `boolean`.
 *
 * @internal
 */
export const PGLITE_PARSERS: Readonly<Record<number, (value: string) => unknown>> = {
  // PGlite derives each array's parser from its element's, so the arrays follow.
  [INT8]: asText,
  [NUMERIC]: asText,
  [DATE]: asText,
  [INTERVAL]: asText,
};

/**
 * The `pg` side of {@link PGLITE_PARSERS}, scoped to the recorder's own pool: `pg`'s global
 * `types.setTypeParser` would change every other `pg` user in the process.
 *
 * @internal
 */
export function pgTypeOverrides(): TypeOverrides {
  const overrides = new TypeOverrides(types);
  // @types/pg lists only scalar type ids; pg itself parses text[] with its string-array parser.
  const textArray = (types.getTypeParser as (oid: number) => (value: string) => unknown)(
    TEXT_ARRAY,
  );
  for (const oid of [INT8, NUMERIC, DATE, INTERVAL]) overrides.setTypeParser(oid, asText);
  for (const oid of [INT8_ARRAY, NUMERIC_ARRAY, DATE_ARRAY, INTERVAL_ARRAY])
    overrides.setTypeParser(oid, textArray);
  return overrides;
}
