import type { RunEvent } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ToolHub, type SkillAdmissionContext } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import {
  carefulMath,
  convertUnits,
  enumOf,
  hubWithEverything,
  lookupWord,
  resultsIn,
  roundedMath,
  TASK,
  toolNamed,
} from "../test-support/catalog-door-fixtures.js";
import { envelope, Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import { REQUEST_SKILL } from "./request-skill-provider.js";
import { REQUEST_TOOLS } from "./request-tools-provider.js";

// Calling the catalog doors: request_tools grants a tool from the next turn for the run only,
// request_skill runs the hub's admission rules, and a name outside the catalog is refused
// without being echoed.

describe("the catalog doors", () => {
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
