import { ScriptedLlmClient, type ScriptedTurn } from "@nucleo/testing";
import { ToolHub, type Skill, type ToolProvider } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import {
  carefulMath,
  enumOf,
  hubWithEverything,
  lookupTool,
  lookupWord,
  resultsIn,
  toolNamed,
} from "../test-support/catalog-door-fixtures.js";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { REQUEST_SKILL } from "./request-skill-provider.js";
import { REQUEST_TOOLS } from "./request-tools-provider.js";

// The catalog doors are rebuilt every turn from the catalogs as the reconcile hooks left them:
// a name narrowed out is neither offered nor granted, and a tool replaced under the same name is
// the one granted.

/** A Summer whose reconcile hooks narrow the hub's catalogs to names the test allows. */
class Narrowing extends Summer {
  constructor(
    options: ThinkerOptions,
    readonly allowedTools: Set<string> | undefined,
    readonly allowedSkills: Set<string> | undefined,
  ) {
    super(options);
  }
  protected override reconcileCompatibleTools(
    catalog: ReadonlyMap<string, ToolProvider>,
  ): ReadonlyMap<string, ToolProvider> {
    const allowed = this.allowedTools;
    return allowed ? new Map([...catalog].filter(([name]) => allowed.has(name))) : catalog;
  }
  protected override reconcileSkillCatalog(
    catalog: ReadonlyMap<string, Skill>,
  ): ReadonlyMap<string, Skill> {
    const allowed = this.allowedSkills;
    return allowed ? new Map([...catalog].filter(([name]) => allowed.has(name))) : catalog;
  }
}

/** A scripted turn that first runs `change` (between this turn's reconcile and the next). */
function then(change: () => void, turn: ScriptedTurn): ScriptedTurn {
  return () => {
    change();
    return turn;
  };
}

describe("the catalog doors", () => {
  it("the doors are rebuilt every turn from the reconciled catalogs: reconcileCompatibleTools narrows request_tools", async () => {
    const allowed = new Set(["lookup_word", "convert_units"]);
    const client = new ScriptedLlmClient([
      then(() => allowed.delete("convert_units"), ScriptedLlmClient.answer(envelope(null))),
      then(() => allowed.clear(), ScriptedLlmClient.answer(envelope(null))),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Narrowing({ environment, hub: hubWithEverything() }, allowed, undefined),
      { numbers: [] },
    );
    const requests = client.requests.map((call) => call.request);
    expect(enumOf(requests[0]!, REQUEST_TOOLS, "tool_names")).toHaveLength(2);
    expect(enumOf(requests[1]!, REQUEST_TOOLS, "tool_names")).toEqual([
      { const: "lookup_word", description: "Look a word up in the glossary." },
    ]);
    // Narrowed to nothing: no door at all.
    expect(toolNamed(requests[2]!, REQUEST_TOOLS)).toBeUndefined();
  });

  it("the doors are rebuilt every turn from the reconciled catalogs: reconcileSkillCatalog narrows request_skill", async () => {
    const allowed = new Set(["rounded_math"]);
    const client = new ScriptedLlmClient([
      then(() => allowed.add("careful_math"), ScriptedLlmClient.answer(envelope(null))),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Narrowing({ environment, hub: hubWithEverything() }, undefined, allowed),
      { numbers: [] },
    );
    const requests = client.requests.map((call) => call.request);
    expect(enumOf(requests[0]!, REQUEST_SKILL, "skill_names")).toEqual([
      { const: "rounded_math", description: "Rounds every total to tens." },
    ]);
    expect(enumOf(requests[1]!, REQUEST_SKILL, "skill_names")).toEqual([
      { const: "careful_math", description: "Checks every sum twice." },
      { const: "rounded_math", description: "Rounds every total to tens." },
    ]);
  });

  it("a name the reconcile hook narrowed out is refused, and never echoed", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: REQUEST_TOOLS, arguments: { tool_names: ["convert_units"] } },
        { name: REQUEST_SKILL, arguments: { skill_names: ["careful_math"] } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Narrowing(
        { environment, hub: hubWithEverything() },
        new Set(["lookup_word"]),
        new Set(["rounded_math"]),
      ),
      { numbers: [] },
    );
    const second = client.requests[1]!.request;
    const [tools, skills] = resultsIn(second);
    expect(tools).toMatchObject({ isError: true });
    expect(skills).toMatchObject({ isError: true });
    expect(tools!.text).not.toContain("convert_units");
    expect(skills!.text).not.toContain("careful_math");
    expect(toolNamed(second, "convert_units")).toBeUndefined();
    expect(second.system.text).not.toContain(carefulMath.text);
  });

  it("the door offers and grants this turn's catalog: a tool replaced under the same name is the one granted", async () => {
    const hub = new ToolHub().addCompatibleTools(lookupWord);
    const revised = lookupTool(
      "lookup_word",
      "Look a word up in the revised glossary.",
      "a revised entry",
    );
    const client = new ScriptedLlmClient([
      then(() => hub.addCompatibleTools(revised), ScriptedLlmClient.answer(envelope(null))),
      ScriptedLlmClient.toolCall(REQUEST_TOOLS, { tool_names: ["lookup_word"] }),
      ScriptedLlmClient.toolCall("lookup_word", { word: "hinge" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    const requests = client.requests.map((call) => call.request);
    expect(enumOf(requests[1]!, REQUEST_TOOLS, "tool_names")).toEqual([
      { const: "lookup_word", description: "Look a word up in the revised glossary." },
    ]);
    expect(toolNamed(requests[2]!, "lookup_word")!.description).toBe(
      "Look a word up in the revised glossary.",
    );
    expect(resultsIn(requests[3]!)[0]!.text).toBe('{"meaning":"hinge: a revised entry"}');
  });
});
