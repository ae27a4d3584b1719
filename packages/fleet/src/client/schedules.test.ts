import { expect, it } from "vitest";
import { describeOnServer } from "../test-support/test-queues.js";
import { TestWorkflowError, testWorkflows } from "../test-support/test-workflows.js";

describeOnServer("schedules", (open) => {
  it("a schedule is added with its input checked, listed, replaced by the same name and key, and removed", async () => {
    const client = (await open()).client(testWorkflows());
    await client.schedule("echo", "0 7 * * *", { n: 1 });
    await client.schedule(
      "echo",
      "*/5 * * * *",
      { n: 2 },
      { key: "acme", tz: "Europe/Paris", tenant: "acme" },
    );
    await client.schedule("echo", "0 8 * * *", { n: 3 });
    const listed = await client.schedules();
    expect(
      listed
        .map(({ createdAt: _c, updatedAt: _u, ...rest }) => rest)
        .sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual([
      {
        workflow: "echo",
        key: "",
        cron: "0 8 * * *",
        timezone: "UTC",
        input: { n: 3, checked: true },
        tenant: undefined,
      },
      {
        workflow: "echo",
        key: "acme",
        cron: "*/5 * * * *",
        timezone: "Europe/Paris",
        input: { n: 2, checked: true },
        tenant: "acme",
      },
    ]);
    expect(await client.unschedule("echo", "acme")).toBe(true);
    expect(await client.unschedule("echo", "acme")).toBe(false);
    expect((await client.schedules()).map((schedule) => schedule.key)).toEqual([""]);
    expect(await client.unschedule("echo")).toBe(true);
    expect(await client.schedules()).toEqual([]);
  });

  it("a workflow name or key with any characters lists back as given, and no two pairs collide", async () => {
    const client = (await open()).client(testWorkflows(["echo", "echo/x"]));
    await client.schedule("echo", "0 7 * * *", {}, { key: "acme/daily report.é" });
    await client.schedule("echo/x", "0 7 * * *", {});
    await client.schedule("echo", "0 7 * * *", {}, { key: "x/" });
    const pairs = (await client.schedules()).map((schedule) => [schedule.workflow, schedule.key]);
    expect(pairs.sort()).toEqual([
      ["echo", "acme/daily report.é"],
      ["echo", "x/"],
      ["echo/x", ""],
    ]);
  });

  it("a schedule's input is checked when it is added: an invalid one is refused with the registry's error", async () => {
    const client = (await open()).client(testWorkflows());
    await expect(client.schedule("echo", "0 7 * * *", { bad: true })).rejects.toBeInstanceOf(
      TestWorkflowError,
    );
    await expect(client.schedule("nope", "0 7 * * *", {})).rejects.toMatchObject({
      code: "unknown_workflow",
    });
    expect(await client.schedules()).toEqual([]);
  });

  it("an invalid cron expression or time zone is refused, naming the option", async () => {
    const client = (await open()).client(testWorkflows());
    await expect(client.schedule("echo", "every morning", {})).rejects.toMatchObject({
      code: "invalid_option",
      field: "cron",
    });
    await expect(client.schedule("echo", "", {})).rejects.toMatchObject({ field: "cron" });
    await expect(
      client.schedule("echo", "0 7 * * *", {}, { tz: "Mars/Olympus" }),
    ).rejects.toMatchObject({ field: "tz" });
    await expect(client.schedule("echo", "0 7 * * *", {}, { key: "" })).rejects.toMatchObject({
      field: "key",
    });
    expect(await client.schedules()).toEqual([]);
  });
});
