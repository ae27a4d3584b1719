import { ScriptedLlmClient } from "@nucleo/testing";
import { ToolHub } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import {
  carefulMath,
  convertUnits,
  enumOf,
  hubWithEverything,
  lookupWord,
  roundedMath,
  TASK,
  toolNamed,
} from "../test-support/catalog-door-fixtures.js";
import {
  addProvider,
  envelope,
  Summer,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import { REQUEST_SKILL } from "./request-skill-provider.js";
import { REQUEST_TOOLS } from "./request-tools-provider.js";

// What the catalog doors offer: each catalog as an enum of names inside the door's schema, never
// as free text in the system prompt, and no door at all where there is nothing to offer.
// Calling the doors is in catalog-doors-grant.test.ts, their per-turn rebuild in
// catalog-doors-reconcile.test.ts.

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
});
