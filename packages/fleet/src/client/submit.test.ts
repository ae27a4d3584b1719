import { describe, expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { TestWorkflowError, testWorkflows } from "../test-support/test-workflows.js";
import { idempotentWorkflowId } from "./idempotent-workflow-id.js";
import { checkSubmitOptions } from "./submit-options.js";

describeOnServer("submitting workflows", (open) => {
  it("the same idempotency key is one workflow: the second submission answers created: false", async () => {
    const client = (await open()).client(testWorkflows());
    const first = await client.submit(
      "echo",
      { n: 1 },
      { idempotencyKey: "order-7", tenant: "acme" },
    );
    const second = await client.submit(
      "echo",
      { n: 2 },
      { idempotencyKey: "order-7", tenant: "acme" },
    );
    expect(first).toEqual({ id: idempotentWorkflowId("order-7", "acme"), created: true });
    expect(second).toEqual({ id: first.id, created: false });
    const all = await client.list();
    expect(all.map((workflow) => workflow.id)).toEqual([first.id]);
    // The first submission's input is the one kept.
    const other = await client.submit(
      "echo",
      { n: 3 },
      { idempotencyKey: "order-7", tenant: "globex" },
    );
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);
  });

  it("a key that already submitted one workflow is refused for another, rather than answered as queued", async () => {
    const client = (await open()).client(testWorkflows());
    const first = await client.submit("echo", { n: 1 }, { idempotencyKey: "order-8" });
    const refused = await client.submit("slow", {}, { idempotencyKey: "order-8" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(FleetError.isInstance(refused) && refused.code).toBe("idempotency_conflict");
    expect((refused as Error).message).toContain('already submitted workflow "echo"');
    expect((await client.list()).map((workflow) => workflow.id)).toEqual([first.id]);
  });

  it("without a key, every submission is a new workflow", async () => {
    const client = (await open()).client(testWorkflows());
    const [a, b] = [await client.submit("echo", {}), await client.submit("echo", {})];
    expect(a.created && b.created).toBe(true);
    expect(a.id).not.toBe(b.id);
  });

  it("an unknown workflow is refused at submission with the registry's own error, and nothing is queued", async () => {
    const client = (await open()).client(testWorkflows());
    const error = await client.submit("nope", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TestWorkflowError);
    expect(error).toMatchObject({ code: "unknown_workflow" });
    expect(await client.list()).toEqual([]);
  });

  it("an invalid input is refused at submission with the registry's own error, and nothing is queued", async () => {
    const client = (await open()).client(testWorkflows());
    const error = await client
      .submit("echo", { bad: true }, { idempotencyKey: "k" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TestWorkflowError);
    expect(error).toMatchObject({ code: "input_invalid" });
    expect(await client.list()).toEqual([]);
    expect(await client.status(idempotentWorkflowId("k"))).toBeUndefined();
  });

  it("a submitted workflow is queued and not yet attempted", async () => {
    const client = (await open()).client(testWorkflows());
    const { id } = await client.submit("echo", { n: 1 }, { tenant: "acme" });
    const [listed] = await client.list();
    expect(listed).toMatchObject({
      id,
      workflow: "echo",
      tenant: "acme",
      state: "queued",
      attempts: 0,
    });
  });

  it("a bad option is refused with an error naming it, before anything is queued", async () => {
    const client = (await open()).client(testWorkflows());
    const cases: [Record<string, unknown>, string][] = [
      [{ priority: 1.5 }, "priority"],
      [{ priority: "high" }, "priority"],
      [{ startAfter: -1 }, "startAfter"],
      [{ startAfter: new Date(Number.NaN) }, "startAfter"],
      [{ idempotencyKey: "" }, "idempotencyKey"],
      [{ idempotencyKey: "x".repeat(201) }, "idempotencyKey"],
      [{ tenant: 42 }, "tenant"],
    ];
    for (const [options, field] of cases) {
      const error = await client.submit("echo", {}, options).catch((caught: unknown) => caught);
      expect(FleetError.isInstance(error), field).toBe(true);
      expect(error).toMatchObject({ code: "invalid_option", field });
      expect((error as Error).message.startsWith(field)).toBe(true);
    }
    expect(await client.list()).toEqual([]);
  });
});

describe("submit options", () => {
  it("accepts a Date, seconds, an integer priority and a key of 200 characters", () => {
    const options = { startAfter: new Date(), priority: -3, idempotencyKey: "k".repeat(200) };
    expect(checkSubmitOptions(options)).toBe(options);
    expect(checkSubmitOptions({ startAfter: 0 })).toEqual({ startAfter: 0 });
  });
});
