/** What `nucleo-worker --help` prints. */
export const USAGE = `Usage: nucleo-worker [command] [options]

Commands:
  examples                     run every registered workflow on its example input, in turn (the default)
  run <workflow>               run one workflow, then print its trajectory and cost ledger read back from Postgres
      --input <JSON|@file>     the workflow's input: JSON text, or @ and a JSON file (default: its example input)
      --tenant <id>            bind the workflow to the "tenant" scope axis (also for examples)
  list                         the registered workflows and their input fields
  sizing [--job-class <name>]  the seat-sizing report: output tokens per job class and the rung to book

Options:
  --config <file>              the worker's config file (default: the bundled config/worker.json)
  -h, --help                   this text

Environment:
  OPENAI_API_KEY, ANTHROPIC_API_KEY   real models through the catalog; with neither, the mock provider on loopback
  DATABASE_URL                        the recorder's PostgreSQL server; without it, embedded PGlite in .nucleo/pglite

Exit status: 0 done (also after a graceful shutdown, or a signal during the start), 1 a workflow failed, the
recorder could not be opened or refused a write, or a third signal abandoned the start, 2 bad usage, config,
catalog, workflow name or input.`;
