import { AbstractTool, type RunEvent } from "@nucleo/core";
import type { LlmRequest, ToolDefinition, ToolResultPart } from "@nucleo/conversation";
import {
  ClassToolProvider,
  ToolHub,
  type Skill,
  type SkillAdmissionContext,
  type ToolProvider,
} from "@nucleo/tools";
import { ScriptedLlmClient, type ScriptedTurn } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addProvider,
  envelope,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { REQUEST_SKILL } from "./request-skill-provider.js";
import { REQUEST_TOOLS } from "./request-tools-provider.js";

const TASK = "Add the numbers you are given, using the add tool.";

/** A read-only tool answering `{ [field]: text }`. */
function lookupTool(name: string, description: string, answer: string): ToolProvider {
  class Lookup extends AbstractTool<{ word: string }, { meaning: string }> {
    readonly name = name;
    override readonly description = description;
    readonly input = z.object({ word: z.string() });
    readonly output = z.object({ meaning: z.string() });
    override readonly readOnly = true;
    execute(input: { word: string }) {
      return { meaning: `${input.word}: ${answer}` };
    }
  }
  return new ClassToolProvider(() => new Lookup());
}

const lookupWord = lookupTool("lookup_word", "Look a word up in the glossary.", "a glossary entry");
const convertUnits = lookupTool("convert_units", "Convert a quantity between units.", "converted");
const carefulMath: Skill = {
  name: "careful_math",
  description: "Checks every sum twice.",
  text: "SKILL-TEXT-CAREFUL: add each pair twice and compare.",
};
const roundedMath: Skill = {
  name: "rounded_math",
  description: "Rounds every total to tens.",
  text: "SKILL-TEXT-ROUNDED: round to the nearest ten.",
};

function hubWithEverything(): ToolHub {
  return new ToolHub()
    .addCompatibleTools(lookupWord, convertUnits)
    .addSkills(carefulMath, roundedMath);
}

function toolNamed(request: LlmRequest, name: string): ToolDefinition | undefined {
  return request.tools.find((tool) => tool.name === name);
}

/** The `oneOf` entries of a door's names field, as the request carried them. */
function enumOf(request: LlmRequest, door: string, field: string): unknown {
  const schema = toolNamed(request, door)?.inputSchema as
    | { properties: Record<string, { items: { oneOf: unknown } }> }
    | undefined;
  return schema?.properties[field]?.items.oneOf;
}

function resultsIn(request: LlmRequest): ToolResultPart[] {
  return request.messages
    .at(-1)!
    .parts.filter((part): part is ToolResultPart => part.type === "tool_result");
}

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
  it("request_tools enumerates the compatible catalog as oneOf { const, description } inside tool_names' items", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] });
    const request = client.requests[0]!.request;
    expect(enumOf(request, REQUEST_TOOLS, "tool_names")).toEqual([
      { const: "lookup_word", description: "Look a word up in the glossary." },
      { const: "convert_units", description: "Convert a quantity between units." },
    ]);
    expect(toolNamed(request, REQUEST_TOOLS)!.inputSchema).toMatchObject({
      type: "object",
      required: ["tool_names"],
      additionalProperties: false,
    });
  });

  it("request_skill enumerates the skill catalog as oneOf { const, description } inside skill_names' items, each the skill's own description", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] });
    const request = client.requests[0]!.request;
    expect(enumOf(request, REQUEST_SKILL, "skill_names")).toEqual([
      { const: "careful_math", description: "Checks every sum twice." },
      { const: "rounded_math", description: "Rounds every total to tens." },
    ]);
    expect(toolNamed(request, REQUEST_SKILL)!.inputSchema).toMatchObject({
      type: "object",
      required: ["skill_names"],
      additionalProperties: false,
    });
  });

  it("the catalogs never enter the system prompt as free text", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] });
    const system = client.requests[0]!.request.system.text;
    expect(system.startsWith(TASK)).toBe(true);
    for (const text of [
      lookupWord.name,
      lookupWord.description,
      convertUnits.name,
      convertUnits.description,
      carefulMath.name,
      carefulMath.description,
      carefulMath.text,
      roundedMath.name,
      roundedMath.description,
    ]) {
      expect(system).not.toContain(text);
    }
  });

  it("calling request_tools adds the tool to the next turn's palette, where it can be called", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall(REQUEST_TOOLS, { tool_names: ["lookup_word"] }),
      ScriptedLlmClient.toolCall("lookup_word", { word: "hinge" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] });
    const [first, second, third] = client.requests.map((call) => call.request);
    expect(toolNamed(first!, "lookup_word")).toBeUndefined();
    expect(resultsIn(second!)).toEqual([
      expect.objectContaining({
        name: REQUEST_TOOLS,
        isError: false,
        text: expect.stringContaining("lookup_word"),
      }),
    ]);
    expect(toolNamed(second!, "lookup_word")).toMatchObject({
      description: "Look a word up in the glossary.",
      inputSchema: lookupWord.inputSchema(),
    });
    expect(resultsIn(third!)).toEqual([
      expect.objectContaining({
        name: "lookup_word",
        isError: false,
        text: '{"meaning":"hinge: a glossary entry"}',
      }),
    ]);
  });

  it("a granted tool leaves request_tools' enum; the door closes when nothing is left to grant", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall(REQUEST_TOOLS, { tool_names: ["lookup_word"] }),
      ScriptedLlmClient.toolCall(REQUEST_TOOLS, { tool_names: ["convert_units"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Summer({ environment, hub: new ToolHub().addCompatibleTools(lookupWord, convertUnits) }),
      { numbers: [] },
    );
    const [, second, third] = client.requests.map((call) => call.request);
    expect(enumOf(second!, REQUEST_TOOLS, "tool_names")).toEqual([
      { const: "convert_units", description: "Convert a quantity between units." },
    ]);
    expect(toolNamed(third!, REQUEST_TOOLS)).toBeUndefined();
    expect(third!.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["lookup_word", "convert_units"]),
    );
  });

  it("request_tools offers only tools not already in the palette", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(
      new Summer({ environment, hub: new ToolHub().addCompatibleTools(addProvider, lookupWord) }),
      { numbers: [] },
    );
    expect(enumOf(client.requests[0]!.request, REQUEST_TOOLS, "tool_names")).toEqual([
      { const: "lookup_word", description: "Look a word up in the glossary." },
    ]);
  });

  it("calling request_skill runs the hub's admission rules, attaches the admitted skill, emits skill.admitted and reports the refused one", async () => {
    const seen: SkillAdmissionContext[] = [];
    const hub = hubWithEverything().registerSkillAdmission((skill, context) => {
      seen.push(context);
      return skill.name === "rounded_math" ? "rounding is not allowed for exact sums" : undefined;
    });
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall(REQUEST_SKILL, { skill_names: ["careful_math", "rounded_math"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    const second = client.requests[1]!.request;
    expect(second.system.text).toContain(carefulMath.text);
    expect(second.system.text).not.toContain(roundedMath.text);
    expect(
      events
        .filter(
          (event): event is Extract<RunEvent, { type: "skill.admitted" }> =>
            event.type === "skill.admitted",
        )
        .map((event) => event.skill),
    ).toEqual(["careful_math"]);
    const [result] = resultsIn(second);
    expect(result).toMatchObject({ name: REQUEST_SKILL, isError: false });
    expect(result!.text).toContain("careful_math");
    expect(result!.text).toMatch(/rounded_math.*rounding is not allowed for exact sums/);
    // The rules judged this thinker's own conversation.
    expect(seen.map((context) => context.conversation.objective()[0]?.[1])).toEqual([TASK, TASK]);
  });

  it("an admitted skill leaves request_skill's enum; a refused one stays on offer", async () => {
    const hub = hubWithEverything().registerSkillAdmission((skill) =>
      skill.name === "rounded_math" ? "not now" : undefined,
    );
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall(REQUEST_SKILL, { skill_names: ["careful_math", "rounded_math"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub }), { numbers: [] });
    expect(enumOf(client.requests[1]!.request, REQUEST_SKILL, "skill_names")).toEqual([
      { const: "rounded_math", description: "Rounds every total to tens." },
    ]);
  });

  it("a name outside the catalog is refused as correctable without echoing it, and the loop goes on", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: REQUEST_TOOLS, arguments: { tool_names: ["lookup_word", "CANARY_TOOL"] } },
        { name: REQUEST_SKILL, arguments: { skill_names: ["CANARY_SKILL"] } },
      ),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await expect(
      dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] }),
    ).resolves.toEqual({ total: 0 });
    const second = client.requests[1]!.request;
    const [tools, skills] = resultsIn(second);
    expect(tools).toMatchObject({
      name: REQUEST_TOOLS,
      isError: true,
      text: expect.stringContaining('"tool_names[1]"'),
    });
    expect(skills).toMatchObject({
      name: REQUEST_SKILL,
      isError: true,
      text: expect.stringContaining('"skill_names[0]"'),
    });
    expect(tools!.text).not.toContain("CANARY");
    expect(skills!.text).not.toContain("CANARY");
    // Refused whole: nothing was granted or admitted on the strength of the good name.
    expect(toolNamed(second, "lookup_word")).toBeUndefined();
    expect(events.some((event) => event.type === "skill.admitted")).toBe(false);
  });

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

  it("no door is offered for an empty catalog, or without a hub", async () => {
    const runs: Array<{ hub: ToolHub | undefined; tools: boolean; skills: boolean }> = [
      { hub: undefined, tools: false, skills: false },
      { hub: new ToolHub(), tools: false, skills: false },
      { hub: new ToolHub().addCompatibleTools(lookupWord), tools: true, skills: false },
      { hub: new ToolHub().addSkills(carefulMath), tools: false, skills: true },
    ];
    for (const run of runs) {
      const client = new ScriptedLlmClient([ScriptedLlmClient.answer(envelope({ total: 0 }))]);
      const { dispatcher, environment } = thinkerTestRuntime(client);
      await dispatcher.submit(new Summer({ environment, ...(run.hub ? { hub: run.hub } : {}) }), {
        numbers: [],
      });
      const names = client.requests[0]!.request.tools.map((tool) => tool.name);
      expect({
        tools: names.includes(REQUEST_TOOLS),
        skills: names.includes(REQUEST_SKILL),
      }).toEqual({ tools: run.tools, skills: run.skills });
    }
  });

  it("a tool request_tools granted lasts for its run only: the next run of the same instance starts without it", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall(REQUEST_TOOLS, { tool_names: ["lookup_word"] }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment, hub: hubWithEverything() });
    await dispatcher.submit(thinker, { numbers: [] });
    expect(toolNamed(client.requests[1]!.request, "lookup_word")).toBeDefined();
    await dispatcher.submit(thinker, { numbers: [] });
    expect(toolNamed(client.requests[2]!.request, "lookup_word")).toBeUndefined();
    expect(enumOf(client.requests[2]!.request, REQUEST_TOOLS, "tool_names")).toEqual(
      expect.arrayContaining([expect.objectContaining({ const: "lookup_word" })]),
    );
  });

  it("a tool granted in a turn cannot be called in that same turn: the model has not been offered it yet", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls(
        { name: REQUEST_TOOLS, arguments: { tool_names: ["lookup_word"] } },
        { name: "lookup_word", arguments: { word: "x" } },
      ),
      ScriptedLlmClient.toolCall("lookup_word", { word: "y" }),
      ScriptedLlmClient.answer(envelope({ total: 0 })),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, hub: hubWithEverything() }), { numbers: [] });
    const [granted, early] = resultsIn(client.requests[1]!.request);
    expect(granted).toMatchObject({ isError: false });
    expect(early).toMatchObject({ name: "lookup_word", isError: true });
    expect(early!.text).toMatch(/offered in this turn/);
    expect(resultsIn(client.requests[2]!.request)[0]).toMatchObject({
      isError: false,
      text: '{"meaning":"y: a glossary entry"}',
    });
  });
});
