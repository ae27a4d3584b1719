import type { Command } from "commander";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { formatSchedules } from "../queue/format-queue.js";
import {
  addKeyOption,
  addQueueDatabaseOptions,
  addTenantOption,
  printAnswer,
} from "../queue/queue-command-options.js";
import { readTimeZone } from "../queue/queue-flags.js";
import { withCliQueue, type QueueDatabaseFlags } from "../queue/with-cli-queue.js";
import { readInputOption } from "./read-input-option.js";

interface ScheduleFlags extends QueueDatabaseFlags {
  readonly input?: string;
  readonly key?: string;
  readonly tz?: string;
  readonly tenant?: string;
}

/**
 * `nucleo schedule add <workflow> <cron>` (the input checked now; the same workflow and key
 * replace the schedule), `nucleo schedule list` and `nucleo schedule remove <workflow>`. The
 * workers serving the queue submit each schedule's workflow when it is due.
 */
export function addScheduleCommands(program: Command, io: CliIo, state: CliState): void {
  const schedule = program
    .command("schedule")
    .description(
      "submit workflows on a cron schedule: schedule add, schedule [list], schedule remove",
    );

  const add = schedule
    .command("add")
    .description(
      "submit a workflow on a cron schedule (the workers serving the queue submit it when due)",
    )
    .argument("<workflow>", "the workflow's name (see nucleo list)")
    .argument("<cron>", 'a cron expression, like "0 7 * * *" (07:00 every day)')
    .option(
      "--input <JSON|@file>",
      "the input of every run: JSON text, or @ and a JSON file (default: its example input)",
    );
  addKeyOption(add, "tells apart several schedules of one workflow (default: none)");
  add.option(
    "--tz <zone>",
    "the IANA time zone the expression is read in (default UTC)",
    readTimeZone,
  );
  addTenantOption(add, "the tenant each run is for");
  addQueueDatabaseOptions(add).action(
    async (workflow: string, cron: string, flags: ScheduleFlags) => {
      let input: unknown;
      await withCliQueue(
        io,
        state,
        flags,
        async ({ client }) => {
          const key = flags.key ?? "";
          const replaced = (await client.schedules()).some(
            (existing) => existing.workflow === workflow && existing.key === key,
          );
          await client.schedule(workflow, cron, input, {
            ...(flags.key === undefined ? {} : { key: flags.key }),
            ...(flags.tz === undefined ? {} : { tz: flags.tz }),
            ...(flags.tenant === undefined ? {} : { tenant: flags.tenant }),
          });
          const tz = flags.tz ?? "UTC";
          printAnswer(io, flags.json, {
            json: { workflow, key, cron, timezone: tz, replaced },
            text: `${replaced ? "Replaced the schedule of" : "Scheduled"} ${workflow}${key === "" ? "" : ` (key ${JSON.stringify(key)})`}: ${JSON.stringify(cron)} in ${tz}. The workers serving the queue submit it when it is due.`,
          });
        },
        {
          creates: true,
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
    },
  );

  addQueueDatabaseOptions(
    schedule
      .command("list", { isDefault: true })
      .description("the schedules, by workflow and key (the default)"),
  ).action(async (flags: QueueDatabaseFlags) => {
    await withCliQueue(io, state, flags, async ({ client }) => {
      const schedules = await client.schedules();
      printAnswer(io, flags.json, { json: schedules, text: formatSchedules(schedules) });
    });
  });

  const remove = schedule
    .command("remove")
    .description("remove a workflow's schedule")
    .argument("<workflow>", "the workflow's name");
  addKeyOption(remove, "the schedule's key (default: the schedule without one)");
  addQueueDatabaseOptions(remove).action(async (workflow: string, flags: ScheduleFlags) => {
    await withCliQueue(io, state, flags, async ({ client }) => {
      const key = flags.key ?? "";
      const named = `${workflow}${key === "" ? "" : ` (key ${JSON.stringify(key)})`}`;
      const removed = await client.unschedule(workflow, flags.key);
      if (!removed)
        throw new Error(
          `No schedule of ${named}: nothing was removed. nucleo schedule list shows the schedules.`,
        );
      printAnswer(io, flags.json, {
        json: { workflow, key, removed },
        text: `Removed the schedule of ${named}.`,
      });
    });
  });
}
