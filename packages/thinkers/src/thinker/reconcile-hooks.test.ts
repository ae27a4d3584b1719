import type { RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import type { ToolProvider, ToolRegistry } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import {
  addProvider,
  envelope,
  recordNoteProvider,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";

describe("reconcile hooks", () => {
  /** A Summer whose registry hook the test observes (and may extend). */
  class Reconciling extends Summer {
    readonly seen: Array<{ callsSoFar: number; depth: string; versions: number[] }> = [];
    constructor(
      options: ThinkerOptions,
      readonly client: ScriptedLlmClient,
      readonly extra: (registry: ToolRegistry) => void = () => {},
    ) {
      super(options);
    }
    protected override reconcileToolRegistry(registry: ToolRegistry): void {
      const versions = [registry.version];
      super.reconcileToolRegistry(registry);
      this.extra(registry);
      versions.push(registry.version);
      // Run again over the state it just produced: a state-based hook changes nothing.
      super.reconcileToolRegistry(registry);
      this.extra(registry);
      versions.push(registry.version);
      this.seen.push({ callsSoFar: this.client.requests.length, depth: this.depth(), versions });
    }
  }

  it("run at the start of every turn, before that turn's call", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
      ScriptedLlmClient.answer(envelope(null)),
      ScriptedLlmClient.answer(envelope({ total: 3 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Reconciling({ environment }, client);
    await dispatcher.submit(thinker, { numbers: [1, 2] });
    expect(thinker.seen.map((seen) => seen.callsSoFar)).toEqual([0, 1, 2]);
  });

  it("what a hook registers is offered in the same turn", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 3 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Reconciling({ environment }, client, (registry) => registry.register(recordNoteProvider)),
      { numbers: [1, 2] },
    );
    expect(client.requests[0]!.request.tools.map((tool) => tool.name)).toContain("record_note");
  });

  it("run before the read-only sweep: a write tool a bound thinker's hook registers is withheld, and reported", async () => {
    class BoundReconciling extends Reconciling {
      override readonly readOnly = true;
    }
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 3 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new BoundReconciling({ environment }, client, (registry) =>
        registry.register(recordNoteProvider),
      ),
      { numbers: [1, 2] },
    );
    expect(client.requests[0]!.request.tools.map((tool) => tool.name)).not.toContain("record_note");
    expect(
      events
        .filter(
          (event): event is Extract<RunEvent, { type: "tool.withheld" }> =>
            event.type === "tool.withheld",
        )
        .map((event) => event.tool),
    ).toContain("record_note");
  });

  it("idempotent: the default hook run twice over the same state leaves the registry version as it was", async () => {
    for (const depth of ["THOROUGH", "QUICK"] as const) {
      const client = new ScriptedLlmClient([
        ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
        ScriptedLlmClient.answer(envelope({ total: 3 })),
      ]);
      const { dispatcher, environment } = thinkerTestRuntime(client);
      const thinker = new Reconciling({ environment }, client, (registry) =>
        registry.register(recordNoteProvider),
      );
      await dispatcher.submit(thinker, { numbers: [1, 2], depth });
      for (const { versions } of thinker.seen) expect(versions[2]).toBe(versions[1]);
      // Nothing changed between the turns, so the second turn's reconcile changed nothing either.
      expect(thinker.seen[1]!.versions).toEqual([
        thinker.seen[0]!.versions[2],
        thinker.seen[0]!.versions[2],
        thinker.seen[0]!.versions[2],
      ]);
    }
  });

  it("the palette is read afresh each turn: a provider that changes its description is offered as it now is", async () => {
    /** A provider whose description is read live (a dynamic provider). */
    const changing: ToolProvider & { text: string } = {
      name: "add",
      text: "Add two numbers.",
      get description() {
        return this.text;
      },
      inputSchema: () => addProvider.inputSchema(),
      readOnly: () => true,
      invoke: (args, context) => addProvider.invoke(args, context),
      formatResult: (output) => addProvider.formatResult(output),
    };
    class Adder extends Summer {
      constructor(options: ThinkerOptions) {
        super(options);
        this.addTools(changing);
      }
    }
    const client = new ScriptedLlmClient([
      () => {
        changing.text = "Add two numbers, exactly.";
        return ScriptedLlmClient.toolCall("add", { a: 1, b: 1 });
      },
      ScriptedLlmClient.answer(envelope({ total: 2 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Adder({ environment }), { numbers: [1, 1] });
    const described = (call: number) =>
      client.requests[call]!.request.tools.find((tool) => tool.name === "add")!.description;
    expect([described(0), described(1)]).toEqual(["Add two numbers.", "Add two numbers, exactly."]);
  });
});
