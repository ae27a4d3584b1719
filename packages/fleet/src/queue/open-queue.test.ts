import type { LogFields } from "@nucleo/core";
import { silentLogger } from "@nucleo/core";
import { expect, it } from "vitest";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";
import { openQueueParts } from "./queue-parts.js";

describeOnServer("opening a queue on a server", (open) => {
  it("creates the workflow queue and its dead-letter queue with the settings' options", async () => {
    const queue = await open({ heartbeatSeconds: 12, retryLimit: 3, expireInSeconds: 600 });
    const { boss } = openQueueParts(queue);
    expect(await boss.getQueue("nucleo.workflows")).toMatchObject({
      heartbeatSeconds: 12,
      retryLimit: 3,
      retryDelay: 0,
      expireInSeconds: 600,
      deadLetter: "nucleo.workflows.dead",
      notify: true,
    });
    expect(await boss.getQueue("nucleo.workflows.dead")).toMatchObject({
      retentionSeconds: 30 * 86_400,
    });
  });

  it("reopening an existing queue with changed settings brings its options up to date", async () => {
    const first = await open({ retryLimit: 1, heartbeatSeconds: 10 });
    const schema = first.settings.schema;
    await first.close();
    const second = await open({
      schema,
      retryLimit: 4,
      heartbeatSeconds: 20,
      deadLetterRetentionSeconds: 3600,
    });
    const { boss } = openQueueParts(second);
    expect(await boss.getQueue("nucleo.workflows")).toMatchObject({
      retryLimit: 4,
      heartbeatSeconds: 20,
    });
    expect(await boss.getQueue("nucleo.workflows.dead")).toMatchObject({ retentionSeconds: 3600 });
  });

  it("pg-boss's errors reach the logger, with a database URL's password masked", async () => {
    const logged: { fields: LogFields; message: string }[] = [];
    const logger = {
      ...silentLogger,
      error: (fields: LogFields, message: string) => void logged.push({ fields, message }),
    };
    const queue = await open({ logger });
    const { boss } = openQueueParts(queue);
    boss.emit("error", new Error("connect ECONNREFUSED postgres://app:hunter2@db:5432/nucleo"));
    // pg-boss also emits plain copies of errors.
    boss.emit("error", {
      message: "terminating connection due to administrator command",
      code: "57P01",
      queue: "q",
    } as never);
    expect(logged).toEqual([
      {
        fields: {
          error: { name: "Error", message: "connect ECONNREFUSED postgres://***@db:5432/nucleo" },
          database: expect.stringMatching(
            /^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres$/,
          ),
        },
        message: "The workflow queue reported an error.",
      },
      {
        fields: {
          error: {
            name: "Error",
            code: "57P01",
            message: "terminating connection due to administrator command",
          },
          database: expect.any(String),
        },
        message: "The workflow queue reported an error.",
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain("hunter2");
  });

  it("a closed queue refuses its client with a closed error", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    await queue.close();
    await expect(client.submit("echo", {})).rejects.toMatchObject({ code: "closed" });
    await expect(queue.serve(async () => {})).rejects.toMatchObject({ code: "closed" });
    expect(() => queue.client(testWorkflows())).toThrow(/closed/);
  });
});
