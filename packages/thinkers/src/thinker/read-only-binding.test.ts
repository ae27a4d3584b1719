import {
  AbstractTool,
  InvalidInputError,
  ThinkerDeclaration,
  type JobReportedEvent,
  type RunEvent,
} from "@nucleo/core";
import { Parts } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider, ForwardingToolProvider, ToolRegistry } from "@nucleo/tools";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  addProvider,
  envelope,
  recordNoteProvider,
  RecordNote,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import { ReadOnlyBinding } from "./read-only-binding.js";

/** `stamp({label})`: writes, so never read-only. Registered by a reconcile hook, never declared. */
class Stamp extends AbstractTool<{ label: string }, { stamped: boolean }> {
  static readonly stamped: string[] = [];
  readonly name = "stamp";
  override readonly description = "Stamp a label on the record.";
  readonly input = z.object({ label: z.string() });
  readonly output = z.object({ stamped: z.boolean() });
  execute(input: { label: string }) {
    Stamp.stamped.push(input.label);
    return { stamped: true };
  }
}

const stampProvider = new ClassToolProvider(() => new Stamp());

/** Declares a reading and a writing tool in its constructor; its reconcile hook adds another writer. */
class Noter extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "noter";
  readonly input = SumQuestion;
  readonly output = SumAnswer;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider, recordNoteProvider);
  }

  protected override reconcileToolRegistry(registry: ToolRegistry): void {
    super.reconcileToolRegistry(registry);
    registry.register(stampProvider);
  }

  protected task(): string {
    return "Add the numbers, and note the total.";
  }
}

const READ_ONLY = { scope: { readOnly: true } } as const;

function offeredNames(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.tools.map((tool) => tool.name);
}

function withheld(events: readonly RunEvent[]) {
  return events.filter((event) => event.type === "tool.withheld");
}

beforeEach(() => {
  RecordNote.saved.length = 0;
  Stamp.stamped.length = 0;
});

describe("the read-only sweep", () => {
  it("withholds every tool that is not read-only once the reconcile hooks have returned, the class's own declared tools included", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Noter({ environment }), { numbers: [] }, READ_ONLY);
    // record_note was declared by the class, stamp was registered by the hook, sub_thinker by the framework.
    expect(offeredNames(client, 0)).toEqual(["add"]);
    // The sweep of the very first turn saw what the hook registered.
    expect(
      withheld(events)
        .map((event) => event.tool)
        .sort(),
    ).toEqual(["record_note", "stamp", "sub_thinker"]);
    expect(
      client.requests[0]!.request.tools.some(
        (tool) => tool.text.includes("record_note") || tool.text.includes("stamp"),
      ),
    ).toBe(false);
  });

  it("offers the whole palette and withholds nothing when the run is not bound", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Noter({ environment }), { numbers: [] });
    expect(offeredNames(client, 0).sort()).toEqual(["add", "record_note", "stamp", "sub_thinker"]);
    expect(withheld(events)).toEqual([]);
  });

  it("reports each withheld tool as a tool.withheld event once per run, never silently", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("add", { a: 1, b: 2 }),
      ScriptedLlmClient.toolCall("add", { a: 3, b: 3 }),
      ScriptedLlmClient.answer(envelope({ total: 6 })),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    const thinker = new Noter({ environment });
    await dispatcher.submit(thinker, { numbers: [1, 2, 3] }, READ_ONLY);
    const firstRun = withheld(events);
    expect(firstRun.map((event) => event.tool).sort()).toEqual([
      "record_note",
      "stamp",
      "sub_thinker",
    ]);
    const thinkerJob = events.find(
      (event) => event.type === "job.submitted" && event.jobName === "noter",
    )!.jobId;
    expect(
      firstRun.every((event) => event.jobId === thinkerJob && /read-only/.test(event.reason)),
    ).toBe(true);

    // A second run of the same instance is a new run: it reports its withheld tools again.
    await dispatcher.submit(thinker, { numbers: [] }, READ_ONLY);
    expect(
      withheld(events)
        .map((event) => event.tool)
        .sort(),
    ).toEqual(["record_note", "record_note", "stamp", "stamp", "sub_thinker", "sub_thinker"]);
  });

  it("refuses a call to a withheld tool and never runs it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("record_note", { text: "leak" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Noter({ environment }), { numbers: [] }, READ_ONLY);
    const [result] = client.requests[1]!.request.messages.at(-1)!.parts;
    expect(result).toMatchObject({ type: "tool_result", name: "record_note", isError: true });
    expect((result as { text: string }).text).toContain('"tool_call.name"');
    expect(RecordNote.saved).toEqual([]);
  });
});

describe("ReadOnlyBinding", () => {
  const call = (name: string) => Parts.toolCall("call_1", name, {});

  function bindingOver(bound: boolean) {
    const emitted: JobReportedEvent[] = [];
    const binding = new ReadOnlyBinding(bound, { emit: (event) => emitted.push(event) });
    const registry = new ToolRegistry().register(addProvider).register(recordNoteProvider);
    return { binding, registry, emitted };
  }

  /** What `admit` threw, which must be a correctable refusal. */
  function refusal(admit: () => unknown): InvalidInputError {
    try {
      admit();
    } catch (error) {
      if (InvalidInputError.isInstance(error)) return error;
      throw error;
    }
    throw new Error("admit() accepted the call");
  }

  it("admits only what the last sweep offered: a withheld tool is refused as correctable without quoting the call", () => {
    const { binding, registry } = bindingOver(true);
    binding.sweep(registry);
    expect(binding.admit(call("add"), registry)).toBe(addProvider);
    const refused = refusal(() => binding.admit(call("record_note"), registry));
    expect(refused.parameter).toBe("tool_call.name");
    expect(refused.message).toMatch(/withheld/);
    expect(refused.message).not.toContain("record_note");
  });

  it("refuses a name nothing registered without quoting it back", () => {
    const { binding, registry } = bindingOver(false);
    binding.sweep(registry);
    const canary = "canary_7f3a_tool";
    const refused = refusal(() => binding.admit(call(canary), registry));
    expect(refused.parameter).toBe("tool_call.name");
    expect(refused.message).not.toContain(canary);
  });

  it("reads each provider's read-only flag afresh at every sweep", () => {
    const { binding, emitted } = bindingOver(true);
    let readOnly = true;
    class Switching extends ForwardingToolProvider {
      override readOnly(): boolean {
        return readOnly;
      }
    }
    const switching = new Switching(recordNoteProvider);
    const registry = new ToolRegistry().register(switching);
    expect(binding.sweep(registry).map((provider) => provider.name)).toEqual(["record_note"]);
    readOnly = false;
    expect(binding.sweep(registry).map((provider) => provider.name)).toEqual([]);
    expect(refusal(() => binding.admit(call("record_note"), registry)).parameter).toBe(
      "tool_call.name",
    );
    expect(emitted).toEqual([
      expect.objectContaining({ type: "tool.withheld", tool: "record_note" }),
    ]);
  });

  it("withholds nothing and reports nothing when unbound", () => {
    const { binding, registry, emitted } = bindingOver(false);
    expect(binding.sweep(registry).map((provider) => provider.name)).toEqual([
      "add",
      "record_note",
    ]);
    expect(binding.admit(call("record_note"), registry)).toBe(recordNoteProvider);
    expect(emitted).toEqual([]);
  });
});
