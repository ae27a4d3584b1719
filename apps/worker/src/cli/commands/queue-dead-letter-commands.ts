import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { formatDeadLetters } from "../queue/format-queue.js";
import { addQueueDatabaseOptions, printAnswer } from "../queue/queue-command-options.js";
import { readLimit } from "../queue/queue-flags.js";
import { withCliQueue, type QueueDatabaseFlags } from "../queue/with-cli-queue.js";

/**
 * `nucleo dead-letters [list]`: the workflows that failed for good (a failure not worth
 * retrying, or retries used up), with their error; `nucleo dead-letters retry <id>` puts one
 * back on the queue under its own id, with one more attempt.
 */
export function addDeadLetterCommands(program: Command, io: CliIo, state: CliState): void {
  const deadLetters = program
    .command("dead-letters")
    .description(
      "the workflows that failed for good, with their error (dead-letters list), and retrying one (dead-letters retry <id>)",
    );

  addQueueDatabaseOptions(
    deadLetters
      .command("list", { isDefault: true })
      .description(
        "the workflows that failed for good, oldest first, with their error (the default)",
      )
      .option("--limit <n>", "at most this many (default 100)", readLimit),
  ).action(async (flags: QueueDatabaseFlags & { limit?: number }) => {
    await withCliQueue(io, state, flags, async ({ client }) => {
      const letters = await client.deadLetters(
        flags.limit === undefined ? {} : { limit: flags.limit },
      );
      printAnswer(io, flags.json, { json: letters, text: formatDeadLetters(letters) });
    });
  });

  addQueueDatabaseOptions(
    deadLetters
      .command("retry")
      .description("put a workflow that failed for good back on the queue, with one more attempt")
      .argument("<id>", "the workflow's id (see dead-letters list)"),
  ).action(async (id: string, flags: QueueDatabaseFlags) => {
    await withCliQueue(io, state, flags, async ({ client }) => {
      const retried = await client.retryDeadLetter(id);
      if (!retried) {
        const status = await client.status(id);
        throw new Error(
          status === undefined
            ? `No workflow with id ${JSON.stringify(id)} is on the queue: nothing to retry. nucleo dead-letters lists the workflows that failed for good.`
            : `Workflow ${id} (${status.workflow}) is ${status.state}, not a dead letter: only a workflow that failed for good can be retried. nucleo dead-letters lists them.`,
        );
      }
      printAnswer(io, flags.json, {
        json: { id, retried },
        text: `Workflow ${id} is back on the queue, with one more attempt; nucleo status ${id} follows it.`,
      });
    });
  });
}
