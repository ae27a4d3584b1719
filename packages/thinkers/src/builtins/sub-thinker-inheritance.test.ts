import type { ToolDefinition } from "@nucleo/conversation";
import { AbstractTool } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import {
  ClassToolProvider,
  ForwardingToolProvider,
  ToolHub,
  type Skill,
  type ToolCreationContext,
  type ToolInvocation,
  type ToolProvider,
} from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { delegate, delegateAnswers, sumAnswer } from "../test-support/delegation-fixtures.js";
import { offeredNames, resultsReadBy } from "../test-support/scripted-requests.js";
import { Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";

// What a delegate inherits from its parent: the provider instances, not the doors, and the
// catalogs as the parent's doors offered them at launch.

const Operands = z.object({ a: z.number(), b: z.number() });
type Operands = z.infer<typeof Operands>;

class Multiply extends AbstractTool<Operands, { result: number }> {
  readonly name: string = "multiply";
  override readonly description: string = "Multiply two numbers.";
  override readonly readOnly = true;
  readonly input = Operands;
  readonly output = z.object({ result: z.number() });
  execute(input: Operands) {
    return { result: input.a * input.b };
  }
}

class Divide extends Multiply {
  override readonly name = "divide";
  override readonly description = "Divide two numbers.";
  override execute(input: Operands) {
    return { result: input.a / input.b };
  }
}

/** Counts the calls made through this very instance. */
class Counting extends ForwardingToolProvider {
  invocations = 0;
  override invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    context: ToolCreationContext,
  ): ToolInvocation {
    this.invocations += 1;
    return super.invoke(wireArguments, context);
  }
}

function door(client: ScriptedLlmClient, call: number, name: string): ToolDefinition | undefined {
  return client.requests[call]!.request.tools.find((tool) => tool.name === name);
}

/** The names a catalog door enumerates in its `field`. */
function enumerated(definition: ToolDefinition | undefined, field: string): string[] {
  const property = (
    definition?.inputSchema.properties as
      | Record<string, { items: { oneOf: { const: string }[] } }>
      | undefined
  )?.[field];
  return property?.items.oneOf.map((choice) => choice.const) ?? [];
}

describe("what the delegate inherits", () => {
  it("inherits its parent's provider instances, one granted during the run included, but not its doors", async () => {
    const multiply = new Counting(new ClassToolProvider(() => new Multiply()));
    const hub = new ToolHub().addCompatibleTools(multiply);
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("request_tools", { tool_names: ["multiply"] }), // parent
      delegate("Multiply 3 by 4."), // parent
      ScriptedLlmClient.toolCall("multiply", { a: 3, b: 4 }), // delegate
      delegateAnswers("12"), // delegate
      sumAnswer(12), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    expect(offeredNames(client, 2)).toEqual(["add", "multiply"]);
    expect(resultsReadBy(client, 3)).toEqual([
      expect.objectContaining({ name: "multiply", text: '{"result":12}', isError: false }),
    ]);
    expect(multiply.invocations).toBe(1);
  });

  it("offers through its own doors exactly the catalogs its parent's doors offered at launch", async () => {
    const hub = new ToolHub()
      .addCompatibleTools(
        new ClassToolProvider(() => new Multiply()),
        new ClassToolProvider(() => new Divide()),
      )
      .addSkills(
        { name: "careful_sums", description: "Add with care.", text: "CAREFUL" },
        { name: "loose_sums", description: "Add loosely.", text: "LOOSE" },
      );
    class Picky extends Summer {
      protected override reconcileCompatibleTools(
        catalog: ReadonlyMap<string, ToolProvider>,
      ): ReadonlyMap<string, ToolProvider> {
        return new Map([...catalog].filter(([name]) => name !== "divide"));
      }
      protected override reconcileSkillCatalog(
        catalog: ReadonlyMap<string, Skill>,
      ): ReadonlyMap<string, Skill> {
        return new Map([...catalog].filter(([name]) => name !== "loose_sums"));
      }
    }
    const client = new ScriptedLlmClient([
      delegate("Multiply 3 by 4."), // parent
      ScriptedLlmClient.toolCall("request_tools", { tool_names: ["multiply"] }), // delegate
      ScriptedLlmClient.toolCall("multiply", { a: 3, b: 4 }), // delegate
      delegateAnswers("12"), // delegate
      sumAnswer(12), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Picky({ environment, hub }), { numbers: [] });

    expect(enumerated(door(client, 0, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_skill"), "skill_names")).toEqual(["careful_sums"]);
    // The grant went to the delegate's own palette, not to its parent's.
    expect(offeredNames(client, 2)).toContain("multiply");
    expect(offeredNames(client, 4)).not.toContain("multiply");
  });

  it("captures its parent's catalogs at launch: what the hub gains afterwards is not offered", async () => {
    const hub = new ToolHub()
      .addCompatibleTools(new ClassToolProvider(() => new Multiply()))
      .addSkills({ name: "careful_sums", description: "Add with care.", text: "CAREFUL" });
    const client = new ScriptedLlmClient([
      () => {
        // The parent's turn is already reconciled when its model answers; the hub grows now.
        hub.addCompatibleTools(new ClassToolProvider(() => new Divide()));
        hub.addSkills({ name: "loose_sums", description: "Add loosely.", text: "LOOSE" });
        return delegate("Multiply 3 by 4.");
      },
      delegateAnswers("12"),
      sumAnswer(12),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    expect(enumerated(door(client, 1, "request_tools"), "tool_names")).toEqual(["multiply"]);
    expect(enumerated(door(client, 1, "request_skill"), "skill_names")).toEqual(["careful_sums"]);
    // The parent itself offers the grown catalog from its next turn.
    expect(enumerated(door(client, 2, "request_tools"), "tool_names")).toEqual([
      "multiply",
      "divide",
    ]);
  });
});
