import type { SubmitOptions } from "@nucleo/fleet";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import {
  addKeyOption,
  addQueueDatabaseOptions,
  addTenantOption,
} from "../queue/queue-command-options.js";
import { readPriority, readStartAfter } from "../queue/queue-flags.js";
import { waitForResult } from "../queue/wait-for-result.js";
import { withCliQueue, type QueueDatabaseFlags } from "../queue/with-cli-queue.js";
import { readInputOption } from "./read-input-option.js";

interface SubmitFlags extends QueueDatabaseFlags {
  readonly input?: string;
  readonly key?: string;
  readonly tenant?: string;
  readonly priority?: number;
  readonly startAfter?: number | Date;
  readonly wait?: boolean;
}

/**
 * `nucleo submit <workflow>`: puts a workflow on the queue for the workers serving it, its input
 * checked against the workflow's schema first (an unknown workflow or an invalid input is
 * refused naming the field, exit 2, and nothing is queued), and prints its id. With `--key`, the
 * same key is one workflow however often it is submitted. With `--wait`, waits for the result
 * and prints it (exit 1 when the workflow failed or was cancelled).
 */
export function addSubmitCommand(program: Command, io: CliIo, state: CliState): void {
  const command = program
    .command("submit")
    .description(
      "put a workflow on the queue for the workers serving it (nucleo serve), and print its id",
    )
    .argument("<workflow>", "the workflow's name (see nucleo list)")
    .option(
      "--input <JSON|@file>",
      "the workflow's input: JSON text, or @ and a JSON file (default: its example input)",
    );
  addKeyOption(
    command,
    "an idempotency key: the same key (for the same tenant) is one workflow, submitted once",
  );
  addTenantOption(command, 'the tenant it runs for (its "tenant" scope axis)');
  command
    .option("--priority <n>", "a whole number; higher runs first (default 0)", readPriority)
    .option(
      "--start-after <seconds|time>",
      "not before this many seconds from now, or this ISO time with its zone",
      readStartAfter,
    )
    .option("--wait", "wait for the workflow's result and print it");
  addQueueDatabaseOptions(command).action(async (workflow: string, flags: SubmitFlags) => {
    // With --json stdout is the answer alone.
    const say = flags.json ? io.stderr : io.stdout;
    let input: unknown;
    await withCliQueue(
      io,
      state,
      flags,
      async ({ client, target }) => {
        const submitted = await client.submit(workflow, input, submitOptionsOf(flags));
        const json = { id: submitted.id, workflow, created: submitted.created };
        const line = submitted.created
          ? `Submitted ${workflow} to the queue (${target.shown}): workflow ${submitted.id}`
          : `Already submitted: same key. Workflow ${submitted.id} (${workflow}) is the one that key submitted; nothing new was queued.`;
        if (!flags.wait) {
          if (flags.json) io.stdout(JSON.stringify(json, null, 2));
          else io.stdout(line);
          return;
        }
        say(line);
        say("Waiting for its result (Ctrl-C stops waiting, not the workflow)…");
        // The queue is open: from here a signal stops the wait, not a start.
        state.starting.stop();
        const outcome = await waitForResult(client, submitted.id, { signals: io.signals, say });
        if (flags.json) io.stdout(JSON.stringify({ ...json, ...outcome }, null, 2));
        if (outcome.state !== "finished") throw new Error(outcome.message);
        if (!flags.json)
          io.stdout(
            `Workflow ${submitted.id} finished. Output:\n${JSON.stringify(outcome.output, null, 2)}`,
          );
      },
      {
        creates: true,
        // Checked before the queue opens, so a bad name or input opens nothing; the queue's
        // client checks it again as it submits.
        before: async (_config, registry) => {
          const definition = registry.get(workflow);
          input =
            flags.input === undefined
              ? definition.exampleInput
              : await readInputOption(flags.input, io.callerCwd);
          registry.parseInput(definition, input);
        },
      },
    );
  });
}

function submitOptionsOf(flags: SubmitFlags): SubmitOptions {
  return {
    ...(flags.key === undefined ? {} : { idempotencyKey: flags.key }),
    ...(flags.tenant === undefined ? {} : { tenant: flags.tenant }),
    ...(flags.priority === undefined ? {} : { priority: flags.priority }),
    ...(flags.startAfter === undefined ? {} : { startAfter: flags.startAfter }),
  };
}
