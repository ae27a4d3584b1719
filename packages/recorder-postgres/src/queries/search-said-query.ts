import { InvalidInputError } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readCount } from "./cost-totals.js";

/** Which workflows a search covers, and how many it answers. */
export interface SearchSaidOptions {
  /** At most this many workflows (default {@link SEARCH_SAID_DEFAULT_LIMIT}, at most 1,000). */
  readonly limit?: number;
  /** Only workflows started at or after this instant. */
  readonly since?: Date;
  /** Only workflows started before this instant (half-open: `since` ≤ start < `until`). */
  readonly until?: Date;
}

/** How many workflows a search answers when `limit` is not given. */
export const SEARCH_SAID_DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1_000;

/** A workflow in which something said matches a search. */
export interface SaidSearchHit {
  readonly rootId: string;
  readonly jobName: string;
  readonly jobClass: string;
  readonly status: string;
  /** The workflow's start (its submission when it has not started), epoch ms. */
  readonly startedAt: number | null;
  /** How many of its stored messages and job contents (input and output together) match. */
  readonly matches: number;
  /**
   * A short excerpt of the best match, the matched words between `«` and `»`. Model text,
   * untrusted: print it through core's `printableText`.
   */
  readonly snippet: string;
}

/**
 * The snippet's shape, as `ts_headline` options: one fragment of 6 to 18 words around the best
 * match. `ShortWord=0` keeps short words at its edges, which the default (3) drops as English
 * articles: the `simple` configuration serves every language.
 */
const HEADLINE = "MaxFragments=1, MaxWords=18, MinWords=6, ShortWord=0, StartSel=«, StopSel=»";

interface HitRow {
  readonly root_id: string;
  readonly job_name: string;
  readonly job_class: string;
  readonly status: string;
  readonly started_at: Date | null;
  readonly matches: unknown;
  readonly snippet: string | null;
}

/**
 * Finds the workflows whose messages (request, response, tool calls and results) or job
 * inputs and outputs match `query`, newest first, in one statement. The query is web-search
 * syntax (`refund -partial`, `"exact phrase"`, `or`) under the `simple` configuration (no
 * stemming, any language), bound as a parameter to `websearch_to_tsquery`; both tables are
 * searched through their GIN indexes on the stored `search` vectors. The snippet is computed
 * only for the workflows answered, from each one's best-ranked match (on a tie, a message
 * before a job's input or output, then by hash or job id).
 *
 * @internal
 */
export async function searchSaid(
  db: Kysely<RecorderDatabase>,
  query: string,
  options: SearchSaidOptions = {},
): Promise<SaidSearchHit[]> {
  const { rows } = await searchSaidQuery(query, options).execute(db);
  return rows.map((row) => ({
    rootId: row.root_id,
    jobName: row.job_name,
    jobClass: row.job_class,
    status: row.status,
    startedAt: row.started_at === null ? null : row.started_at.getTime(),
    matches: readCount(row.matches),
    snippet: row.snippet ?? "",
  }));
}

/** The statement {@link searchSaid} runs, its arguments checked, for plan checks. @internal */
export function searchSaidQuery(query: string, options: SearchSaidOptions = {}) {
  const text = checkQuery(query);
  const { limit, since, until } = checkOptions(options);
  const tsquery = sql`websearch_to_tsquery('simple', ${text})`;
  const started = sql`coalesce(r.started_at, r.submitted_at)`;
  return sql<HitRow>`
    with hits as (
      select root_id from nucleo_messages where search @@ ${tsquery}
      union all
      select root_id from nucleo_job_content where search @@ ${tsquery}
    ), found as (
      select root_id, count(*) as matches from hits group by root_id
    )
    select f.root_id, r.job_name, r.job_class, r.status, ${started} as started_at, f.matches,
      (select ts_headline('simple', best.text, ${tsquery}, ${HEADLINE})
       from (
         select nucleo_parts_text(m.parts) as text, ts_rank(m.search, ${tsquery}) as rank,
                0 as source, m.hash as ref
         from nucleo_messages m where m.root_id = f.root_id and m.search @@ ${tsquery}
         union all
         select (select string_agg(s #>> '{}', ' ')
                 from jsonb_path_query(jsonb_build_array(c.input, c.output),
                                       'strict $.** ? (@.type() == "string")') as s),
                ts_rank(c.search, ${tsquery}), 1, c.job_id
         from nucleo_job_content c where c.root_id = f.root_id and c.search @@ ${tsquery}
       ) as best
       order by best.rank desc, best.source, best.ref collate "C"
       limit 1) as snippet
    from found f
    join nucleo_jobs r on r.id = f.root_id
    where (${since ?? null}::timestamptz is null or ${started} >= ${since ?? null}::timestamptz)
      and (${until ?? null}::timestamptz is null or ${started} < ${until ?? null}::timestamptz)
    order by ${started} desc nulls last, f.root_id collate "C"
    limit ${limit}`;
}

function checkQuery(query: unknown): string {
  if (typeof query !== "string" || query.trim() === "" || query.includes("\u0000")) {
    throw new InvalidInputError({
      parameter: "query",
      expected: "the words to search for (web-search syntax), not empty or only spaces",
    });
  }
  return query;
}

function checkOptions(
  options: SearchSaidOptions,
): Required<Pick<SearchSaidOptions, "limit">> & SearchSaidOptions {
  if (typeof options !== "object" || options === null)
    throw new InvalidInputError({
      parameter: "options",
      expected: "an object { limit?, since?, until? }",
    });
  const limit = options.limit ?? SEARCH_SAID_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new InvalidInputError({
      parameter: "limit",
      expected: `a whole number from 1 to ${MAX_LIMIT.toLocaleString("en-US")}`,
    });
  }
  for (const bound of ["since", "until"] as const) {
    const value = options[bound];
    if (value !== undefined && !(value instanceof Date && Number.isFinite(value.getTime())))
      throw new InvalidInputError({ parameter: bound, expected: "a valid Date" });
  }
  return { ...options, limit };
}
