import type { WorkflowState } from "@nucleo/fleet";
import { Option, type Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import {
  formatWorkflowList,
  formatWorkflowStatus,
  workflowStatusJson,
} from "../queue/format-queue.js";
import {
  addQueueDatabaseOptions,
  addTenantOption,
  printAnswer,
} from "../queue/queue-command-options.js";
import { QUEUE_STATES, readLimit, readText } from "../queue/queue-flags.js";
import { unknownWorkflowId } from "../queue/unknown-workflow-id.js";
import { withCliQueue, type QueueDatabaseFlags } from "../queue/with-cli-queue.js";
import { addDeadLetterCommands } from "./queue-dead-letter-commands.js";
import { addScheduleCommands } from "./queue-schedule-commands.js";
import { addSubmitCommand } from "./queue-submit-command.js";

interface ListFlags extends QueueDatabaseFlags {
  readonly state?: WorkflowState;
  readonly workflow?: string;
  readonly tenant?: string;
  readonly limit?: number;
}

/**
 * The commands that act on the queue of workflows without running any: `submit`, `status`,
 * `cancel`, `queue`, `schedule add|list|remove` and `dead-letters [list]|retry`. Each opens only
 * the queue — in the database the query commands read (`--url`, `--data-dir`; else
 * `DATABASE_URL`, else the worker's PGlite folder) — and closes it, then the database, whatever
 * happens. Each takes `--json`, refuses a bad flag naming it (exit 2), and never prints the
 * database password.
 */
export function addQueueCommands(program: Command, io: CliIo, state: CliState): void {
  addSubmitCommand(program, io, state);

  addQueueDatabaseOptions(
    program
      .command("status")
      .description(
        "a queued workflow's state, attempts, times, result or error, and the recorder's id of its latest attempt",
      )
      .argument("<id>", "the workflow's id (nucleo submit prints it)"),
  ).action(async (id: string, flags: QueueDatabaseFlags) => {
    await withCliQueue(io, state, flags, async ({ client, queue, target }) => {
      const status = await client.status(id);
      if (status === undefined) throw unknownWorkflowId(id, target.shown, queue.settings);
      printAnswer(io, flags.json, {
        json: workflowStatusJson(status),
        text: formatWorkflowStatus(status),
      });
    });
  });

  addQueueDatabaseOptions(
    program
      .command("cancel")
      .description(
        "cancel a queued or running workflow, from any process: the worker running it stops it within about a second",
      )
      .argument("<id>", "the workflow's id"),
  ).action(async (id: string, flags: QueueDatabaseFlags) => {
    await withCliQueue(io, state, flags, async ({ client, queue, target }) => {
      const before = await client.status(id);
      if (before === undefined) throw unknownWorkflowId(id, target.shown, queue.settings);
      const cancelled = await client.cancel(id);
      // Not cancelled: it had ended, maybe between the two reads; say how.
      const after = cancelled ? undefined : await client.status(id);
      const ended = after?.state ?? before.state;
      printAnswer(io, flags.json, {
        json: { id, workflow: before.workflow, cancelled, state: cancelled ? "cancelled" : ended },
        text: cancelled
          ? `Cancelled workflow ${id} (${before.workflow}, was ${before.state}): a worker running it stops it within about a second, and it is not retried.`
          : `Workflow ${id} (${before.workflow}) had already ended (${ended}): nothing to cancel.`,
      });
    });
  });

  const list = program
    .command("queue")
    .description("the workflows on the queue, newest first")
    .addOption(new Option("--state <state>", "only workflows in this state").choices(QUEUE_STATES))
    .option("--workflow <name>", "only workflows of this name", (value: string) =>
      readText(value, "--workflow"),
    );
  addTenantOption(list, "only workflows of this tenant");
  list.option("--limit <n>", "at most this many workflows (default 100)", readLimit);
  addQueueDatabaseOptions(list).action(async (flags: ListFlags) => {
    await withCliQueue(io, state, flags, async ({ client }) => {
      const { state: only, workflow, tenant, limit } = flags;
      const statuses = await client.list({
        ...(only === undefined ? {} : { state: only }),
        ...(workflow === undefined ? {} : { workflow }),
        ...(tenant === undefined ? {} : { tenant }),
        ...(limit === undefined ? {} : { limit }),
      });
      const filters = [
        only === undefined ? "" : `in state ${only}`,
        workflow === undefined ? "" : `of workflow ${JSON.stringify(workflow)}`,
        tenant === undefined ? "" : `for tenant ${JSON.stringify(tenant)}`,
      ]
        .filter((part) => part !== "")
        .join(", ");
      printAnswer(io, flags.json, {
        json: statuses,
        text: formatWorkflowList(statuses, filters),
      });
    });
  });

  addScheduleCommands(program, io, state);
  addDeadLetterCommands(program, io, state);
}
