import type { Command } from "commander";
import { stopIfSignalled } from "../../shutdown/watch-startup-signals.js";
import { registerWorkflows } from "../../workflows/built-in-workflows.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { formatWorkflowList } from "../format/format-workflow-list.js";
import { workflowListJson } from "../format/workflow-list-json.js";
import { loadConfigOption } from "./load-config.js";
import { readInputOption } from "./read-input-option.js";
import { runWorkflows, type RunRequest } from "./run-workflows.js";

interface RunFlags {
  readonly config?: string;
  readonly tenant?: string;
  readonly input?: string;
  readonly json?: boolean;
  readonly transcript?: boolean;
}

const CONFIG = [
  "--config <file>",
  "the worker's config, JSON or YAML (default: the bundled config/worker.json)",
] as const;
const TENANT = ["--tenant <id>", 'bind the workflows to the "tenant" scope axis'] as const;
const TRANSCRIPT = [
  "--transcript",
  "also print what was said: each job's input and output, each model call's messages and answer",
] as const;
const JSON_OUTPUT = [
  "--json",
  "print the answer as JSON on stdout (notices go to stderr; no progress)",
] as const;

/**
 * `nucleo examples` (the default: every registered workflow on its example input, in turn),
 * `nucleo run <workflow>` and `nucleo list`.
 */
export function addWorkflowCommands(program: Command, io: CliIo, state: CliState): void {
  program
    .command("examples", { isDefault: true })
    .description(
      "run every registered workflow on its example input, in turn, and print what the recorder holds of each (the default)",
    )
    .option(...CONFIG)
    .option(...TENANT)
    .option(...TRANSCRIPT)
    .option(...JSON_OUTPUT)
    .action(async (flags: RunFlags) => {
      state.code = await startAndRun(io, state, flags, "all", async (config) =>
        registerWorkflows(config.workflows)
          .all()
          .map((definition) => ({ workflow: definition.name, input: definition.exampleInput })),
      );
    });

  program
    .command("run")
    .description(
      "run one workflow, then print its trajectory and cost ledger read back from the recorder",
    )
    .argument("<workflow>", "the workflow's name (see nucleo list)")
    .option(
      "--input <JSON|@file>",
      "the workflow's input: JSON text, or @ and a JSON file (default: its example input)",
    )
    .option(...CONFIG)
    .option(...TENANT)
    .option(...TRANSCRIPT)
    .option(...JSON_OUTPUT)
    .action(async (workflow: string, flags: RunFlags) => {
      state.code = await startAndRun(io, state, flags, "one", async (config) => {
        const registry = registerWorkflows(config.workflows);
        const definition = registry.get(workflow);
        const input =
          flags.input === undefined
            ? definition.exampleInput
            : await readInputOption(flags.input, io.callerCwd);
        // Checked now, so a bad input is refused before the recorder and the models start.
        registry.parseInput(definition, input);
        return [{ workflow: definition.name, input }];
      });
    });

  program
    .command("list")
    .description("the registered workflows and their input fields")
    .option(...CONFIG)
    .option(...JSON_OUTPUT)
    .action(async (flags: RunFlags) => {
      // `list` opens nothing: a signal may end it as it ends any program.
      stopIfSignalled(state.starting.signal);
      state.starting.stop();
      const definitions = registerWorkflows(
        (await loadConfigOption(flags.config, io)).workflows,
      ).all();
      io.stdout(
        flags.json
          ? JSON.stringify(workflowListJson(definitions), null, 2)
          : formatWorkflowList(definitions),
      );
    });
}

async function startAndRun(
  io: CliIo,
  state: CliState,
  flags: RunFlags,
  json: "one" | "all",
  requestsOf: (config: Awaited<ReturnType<typeof loadConfigOption>>) => Promise<RunRequest[]>,
): Promise<number> {
  if (flags.tenant !== undefined && flags.tenant.trim() === "")
    throw new WorkerError({
      code: "usage",
      field: "--tenant",
      message: "--tenant needs a non-empty id.",
    });
  const config = await loadConfigOption(flags.config, io);
  const requests = await requestsOf(config);
  return runWorkflows(
    {
      config,
      requests,
      tenant: flags.tenant,
      json: flags.json ? json : false,
      transcript: flags.transcript === true,
      starting: state.starting,
    },
    io,
  );
}
