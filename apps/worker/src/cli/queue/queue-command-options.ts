import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import { readText } from "./queue-flags.js";

/**
 * Adds the flags every queue command takes: where the queue is (`--url`, `--data-dir`; else
 * `DATABASE_URL`, else the worker's PGlite folder — the same database the query commands read),
 * `--config` (for the workflows and the PGlite folder) and `--json`.
 */
export function addQueueDatabaseOptions(command: Command): Command {
  return command
    .option(
      "--url <url>",
      "a PostgreSQL server: postgres://user:password@host:5432/db (default: DATABASE_URL)",
    )
    .option(
      "--data-dir <dir>",
      "an embedded PGlite folder (default: the worker's, from its config)",
    )
    .option(
      "--config <file>",
      "the worker's config: its workflows and PGlite folder (default: the bundled config/worker.json)",
    )
    .option("--json", "print the answer as JSON on stdout (notices go to stderr)");
}

/** `--tenant <id>`, checked before anything opens. */
export function addTenantOption(command: Command, what: string): Command {
  return command.option(`--tenant <id>`, what, (value: string) => readText(value, "--tenant"));
}

/** `--key <key>`, checked before anything opens. */
export function addKeyOption(command: Command, what: string): Command {
  return command.option("--key <key>", what, (value: string) => readText(value, "--key"));
}

/** What a command answers: the typed answer for `--json`, and its text. */
export interface QueueAnswer {
  readonly json: unknown;
  readonly text: string;
}

/** Prints the answer on stdout: its JSON with `--json`, else its text. */
export function printAnswer(io: CliIo, json: boolean | undefined, answer: QueueAnswer): void {
  io.stdout(json === true ? JSON.stringify(answer.json, null, 2) : answer.text);
}
