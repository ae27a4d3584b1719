import { AbstractTool, ExternalServiceError, InvalidInputError } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider, ForwardingToolProvider, type ToolProvider } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { Guarded } from "../test-support/thinker-loop-fixtures.js";

/** A promise that opens once `parties` callers have arrived: proof they were running at once. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive(): Promise<void> {
      arrived += 1;
      if (arrived === parties) open();
      return opened;
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A tool whose `execute` is the test's function. */
function scriptedTool(name: string, run: () => unknown | Promise<unknown>): ToolProvider {
  class Scripted extends AbstractTool<{ label: string }, { label: string }> {
    readonly name = name;
    override readonly description = `The ${name} test tool.`;
    readonly input = z.object({ label: z.string() });
    readonly output = z.object({ label: z.string() });
    override readonly readOnly = true;
    async execute(input: { label: string }) {
      await run();
      return { label: input.label };
    }
  }
  return new ClassToolProvider(() => new Scripted());
}

/** Runs `onFormatted` once the loop has read the tool's output back (its result is recorded). */
class Observed extends ForwardingToolProvider {
  constructor(
    wrapped: ToolProvider,
    readonly onFormatted: () => void,
  ) {
    super(wrapped);
  }
  override formatResult(output: unknown): string {
    const text = super.formatResult(output);
    this.onFormatted();
    return text;
  }
}

describe("the thinker loop", () => {
  it("the tool calls of one turn run in parallel, and their results come back in one message, in call order", async () => {
    const bothStarted = barrier(2);
    const secondRecorded = deferred();
    const finished: string[] = [];
    // gate_a finishes only after gate_b's result was recorded, so completion order is b, a.
    const gateA = scriptedTool("gate_a", async () => {
      await bothStarted.arrive();
      await secondRecorded.promise;
      finished.push("gate_a");
    });
    const gateB = new Observed(
      scriptedTool("gate_b", async () => {
        await bothStarted.arrive();
        finished.push("gate_b");
      }),
      () => secondRecorded.resolve(),
    );
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { id: "first", name: "gate_a", arguments: { label: "A" } },
        { id: "second", name: "gate_b", arguments: { label: "B" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Guarded({ environment }, client, [], [gateA, gateB]), {
      numbers: [],
    });
    expect(finished).toEqual(["gate_b", "gate_a"]);
    const messages = client.requests[1]!.request.messages;
    expect(messages.map((turn) => turn.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[2]!.parts).toEqual([
      expect.objectContaining({
        type: "tool_result",
        callId: "first",
        name: "gate_a",
        text: '{"label":"A"}',
        isError: false,
      }),
      expect.objectContaining({
        type: "tool_result",
        callId: "second",
        name: "gate_b",
        text: '{"label":"B"}',
        isError: false,
      }),
    ]);
    // Run one after the other, gate_a would wait for gate_b forever: the timeout is the failure.
  }, 5_000);

  it("a tool that fails with an InvalidInputError or ExternalServiceError gives the model an error result, and the loop goes on", async () => {
    const refusing = scriptedTool("strict_lookup", () => {
      throw new InvalidInputError({ parameter: "label", expected: "a label of the registry" });
    });
    const failing = scriptedTool("remote_lookup", () => {
      throw new ExternalServiceError({ service: "registry", step: "lookup", detail: "HTTP 503" });
    });
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "strict_lookup", arguments: { label: "x" } },
        { name: "remote_lookup", arguments: { label: "y" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 1 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded({ environment }, client, [], [refusing, failing]);
    await expect(dispatcher.submit(thinker, { numbers: [1] })).resolves.toEqual({ total: 1 });
    expect(client.requests[1]!.request.messages.at(-1)!.parts).toEqual([
      expect.objectContaining({
        type: "tool_result",
        name: "strict_lookup",
        isError: true,
        text: expect.stringContaining('"label"'),
      }),
      expect.objectContaining({
        type: "tool_result",
        name: "remote_lookup",
        isError: true,
        text: expect.stringMatching(/registry.*lookup.*HTTP 503/),
      }),
    ]);
    expect(thinker.transcript().turns[0]!.toolCalls.map((call) => call.isError)).toEqual([
      true,
      true,
    ]);
  });

  it("a tool's internal failure reaches the model as an error result without the raw text of the failure", async () => {
    const broken = scriptedTool("broken_lookup", () => {
      throw new Error("CANARY-in-execute");
    });
    // A provider that fails before any job exists, while turning the arguments into one.
    class BrokenProvider extends ForwardingToolProvider {
      override readonly name = "broken_provider";
      override invoke(): never {
        throw new TypeError("CANARY-in-invoke");
      }
    }
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: "broken_lookup", arguments: { label: "x" } },
        { name: "broken_provider", arguments: { label: "y" } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 1 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Guarded(
      { environment },
      client,
      [],
      [broken, new BrokenProvider(scriptedTool("broken_provider", () => undefined))],
    );
    await expect(dispatcher.submit(thinker, { numbers: [1] })).resolves.toEqual({ total: 1 });
    const results = client.requests[1]!.request.messages.at(-1)!.parts;
    expect(results.map((part) => part.type === "tool_result" && part.isError)).toEqual([
      true,
      true,
    ]);
    for (const result of results) expect(result.text).not.toContain("CANARY");
  });
});
