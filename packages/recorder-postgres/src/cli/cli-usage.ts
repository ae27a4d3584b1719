/** What `nucleo-recorder --help` prints, and what a usage error repeats. @internal */
export const USAGE = `Usage: nucleo-recorder [--url URL | --data-dir DIR] <command> [options]

Reads what Nucleo ran and what it cost from the recorder's database.

Commands:
  migrate                     create or update the recorder's tables
  trajectory <rootId>         a workflow's jobs as a tree, with each job's own and subtree cost
  ledger                      cost per group and currency
      [--by workflow|jobClass|model|day] (default workflow)  [--root ID]
      [--from TIME] [--to TIME] (ISO dates or times, from inclusive, to exclusive)  [--currency C]
  sizing [--class C]          output tokens per job class and the output rung to book
  benchmarks [--root ID]      the recorded benchmark reports
  benchmarks <jobId>          one benchmark's runs

Database, the first that is given:
  --url URL                   a PostgreSQL server: postgres://user:password@host:5432/db
  --data-dir DIR              an embedded PGlite data folder
  DATABASE_URL                a PostgreSQL server URL from the environment
  .nucleo/pglite              the default PGlite folder, under the current directory

Options:
  --json                      print the answer as JSON instead of a table
  -h, --help                  this text

Exit status: 0 answered, 1 the query failed (an unknown id, a database unreachable or refusing the connection), 2 bad usage.`;
