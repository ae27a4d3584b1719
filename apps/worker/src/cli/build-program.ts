import { Command } from "commander";
import type { CliIo } from "./cli-io.js";
import type { CliState } from "./cli-state.js";
import { addAdminCommand } from "./commands/admin-command.js";
import { addBenchmarkCommand } from "./commands/benchmark-command.js";
import { addMockProviderCommand } from "./commands/mock-provider-command.js";
import { addServeCommand } from "./commands/serve-command.js";
import { addQueryCommands } from "./commands/query-commands.js";
import { addQueueCommands } from "./commands/queue-commands.js";
import { addWorkflowCommands } from "./commands/workflow-commands.js";

const MORE_HELP = `
Environment:
  OPENAI_API_KEY, ANTHROPIC_API_KEY   real models through the catalog; with neither, the mock provider on loopback
  DATABASE_URL                        the recorder's and the queue's PostgreSQL server; without it, embedded PGlite
                                      (the config's recorder.pgliteDir, .nucleo/pglite by default)
  NUCLEO_MOCK_PROVIDER_URL            with no API key, the mock provider another process serves (nucleo mock-provider)
                                      instead of one of this process's own

Exit status: 0 done (also after a graceful shutdown, or a signal during the start); 1 a workflow, a query or a
benchmark failed, the recorder could not be opened or refused a write, or a third signal abandoned the start;
2 bad usage, config, catalog, workflow name or input.

Run nucleo <command> --help for a command's options.`;

/**
 * The `nucleo` command line, parsed one way (commander) for every command: `examples` (the
 * default), `run`, `list`, `trajectory`, `ledger`, `sizing`, `benchmarks`, `migrate` and
 * `benchmark`, each with `--help`, the query commands with `--json`. Help goes to `io.stdout`;
 * commander's own error output is silenced, and its errors are thrown (see `reportFailure`,
 * which prints them in the command's one error style). Each command sets `state.code`.
 */
export function buildProgram(io: CliIo, state: CliState): Command {
  const program = new Command("nucleo")
    .description("Runs Nucleo's workflows and reads what they did and cost from the recorder.")
    .option("--stack", "on a failure, print the stack trace too (for a bug report)")
    .configureOutput({
      writeOut: (text) => io.stdout(text.trimEnd()),
      writeErr: (text) => io.stderr(text.trimEnd()),
      outputError: () => {},
    })
    .exitOverride()
    .showSuggestionAfterError(true)
    .addHelpText("after", MORE_HELP);
  addWorkflowCommands(program, io, state);
  addQueryCommands(program, io, state);
  addQueueCommands(program, io, state);
  addBenchmarkCommand(program, io, state);
  addServeCommand(program, io, state);
  addMockProviderCommand(program, io, state);
  addAdminCommand(program, io, state);
  return program;
}
