import { TokenCounters } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseContract } from "../correction/response-contract.js";
import { Conversation } from "../model/conversation.js";
import { Parts } from "../model/parts.js";
import { toolDefinition } from "../model/tool-definition.js";
import { TOOL_WEIGHT_GUIDANCE } from "./guidance.js";
import { renderRequest } from "./render-request.js";
import { SCHEMA_NOTATION_LEGEND } from "./schema-notation.js";

const NATIVE = { nativeTools: true, structuredOutput: false };
const search = toolDefinition("search", "Search the prior art.", {
  type: "object",
  properties: { query: { type: "string" } },
  required: ["query"],
});

function conversation(): Conversation {
  return new Conversation(
    "c1",
    { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
    true,
    128_000,
    0.92,
  );
}

describe("rendering", () => {
  it("renders the objective with task first, then the other slots in order", () => {
    const text = renderRequest(
      conversation()
        .putObjective("context", "EP1234567")
        .putMainObjective("Judge novelty.")
        .putObjective("style", "Be terse."),
      NATIVE,
    ).system.text;
    expect(text.indexOf("Judge novelty.")).toBe(0);
    expect(text.indexOf("## context")).toBeLessThan(text.indexOf("## style"));
  });

  it("tool guidance appears when tools are offered, and only then", () => {
    const talk = conversation().putMainObjective("Task.");
    expect(renderRequest(talk, NATIVE).system.text).not.toContain(TOOL_WEIGHT_GUIDANCE);
    talk.setTools([search]);
    const request = renderRequest(talk, NATIVE);
    expect(request.system.text).toContain(TOOL_WEIGHT_GUIDANCE);
    expect(request.tools).toEqual([search]);
  });

  it("the notation legend appears exactly when the answer contract uses the notation", () => {
    const talk = conversation().putMainObjective("Task.");
    expect(renderRequest(talk, NATIVE).system.text).not.toContain(SCHEMA_NOTATION_LEGEND);
    talk.expectAnswer(
      responseContract(
        "verdict",
        z.object({
          novel: z.boolean().describe("whether claim 1 is new"),
          reasons: z.array(z.string()),
        }),
      ),
    );
    const text = renderRequest(talk, NATIVE).system.text;
    expect(text).toContain(SCHEMA_NOTATION_LEGEND);
    expect(text).toContain("@novel: boolean -- whether claim 1 is new");
    expect(text).toContain("@reasons: list<string>");
    talk.expectAnswer(
      responseContract("verdict", z.object({ novel: z.boolean() }), { notation: false }),
    );
    expect(renderRequest(talk, NATIVE).system.text).not.toContain(SCHEMA_NOTATION_LEGEND);
  });

  it("a strict structured-output entry gets the schema natively, without the notation", () => {
    const talk = conversation()
      .putMainObjective("Task.")
      .expectAnswer(responseContract("verdict", z.object({ novel: z.boolean() })));
    const request = renderRequest(talk, { nativeTools: true, structuredOutput: true });
    expect(request.responseFormat?.name).toBe("verdict");
    expect(request.system.text).not.toContain(SCHEMA_NOTATION_LEGEND);
  });

  it("admitted skills ride the system text of every later call", () => {
    const talk = conversation()
      .putMainObjective("Task.")
      .admitSkill("claim_charts", "Build a claim chart first.");
    expect(renderRequest(talk, NATIVE).system.text).toContain(
      "## Skill: claim_charts\nBuild a claim chart first.",
    );
    talk.addUser("next");
    expect(renderRequest(talk, NATIVE).system.text).toContain("Build a claim chart first.");
  });

  it("re-rendering an unchanged conversation returns the same system object and turn objects (counts stay cached)", () => {
    const talk = conversation().putMainObjective("Task.").addUser("hello");
    const first = renderRequest(talk, NATIVE);
    talk.addUser("again");
    const second = renderRequest(talk, NATIVE);
    expect(second.system).toBe(first.system);
    expect(second.messages[0]).toBe(first.messages[0]);
  });

  it("a rendered request keeps the turns it was rendered from while the conversation grows on", () => {
    const talk = conversation().putMainObjective("Task.").addUser("hello");
    const request = renderRequest(talk, NATIVE);
    talk.addAssistant({ content: "hi", thinking: [], toolCalls: [] }).addUser("again");
    expect(request.messages.map((message) => message.parts.map((part) => part.text))).toEqual([
      ["hello"],
    ]);
    expect(renderRequest(talk, NATIVE).messages).toHaveLength(3);
  });

  it("an entry without native tools gets the tools in text and earlier calls as text", () => {
    const talk = conversation().putMainObjective("Task.").setTools([search]).addUser("find it");
    talk.addAssistant({
      content: "",
      thinking: [],
      toolCalls: [Parts.toolCall("call_1", "search", { query: "widget" })],
    });
    talk.addToolResults([Parts.toolResult("call_1", "search", "D1: a widget")]);
    const request = renderRequest(talk, { nativeTools: false, structuredOutput: false });
    expect(request.tools).toEqual([]);
    expect(request.system.text).toContain('{"tool_calls": [{"name": "<tool name>"');
    expect(request.system.text).toContain("- search: Search the prior art.");
    expect(request.messages[1]!.parts).toEqual([
      { type: "text", text: '{"tool_calls":[{"name":"search","arguments":{"query":"widget"}}]}' },
    ]);
    expect(request.messages[2]!.parts[0]!.text).toBe("Result of search:\nD1: a widget");
  });
});

describe("rendering stays current", () => {
  it("a tool list rebuilt under the same names renders afresh for an entry without native tools", () => {
    const talk = new Conversation(
      "c2",
      { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
      true,
      128_000,
      0.92,
    ).putMainObjective("Task.");
    const textual = { nativeTools: false, structuredOutput: false };
    talk.setTools([
      toolDefinition("request_tools", "Ask for tools: web_fetch.", { type: "object" }),
    ]);
    expect(renderRequest(talk, textual).system.text).not.toContain("pubmed_fetch");
    talk.setTools([
      toolDefinition("request_tools", "Ask for tools: web_fetch, pubmed_fetch.", {
        type: "object",
      }),
    ]);
    expect(renderRequest(talk, textual).system.text).toContain("pubmed_fetch");
  });

  it("a different contract under the same name renders afresh", () => {
    const talk = new Conversation(
      "c3",
      { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
      true,
      128_000,
      0.92,
    ).putMainObjective("Task.");
    talk.expectAnswer(responseContract("answer", z.object({ first: z.string() })));
    expect(renderRequest(talk, NATIVE).system.text).toContain("@first");
    talk.expectAnswer(responseContract("answer", z.object({ second: z.string() })));
    expect(renderRequest(talk, NATIVE).system.text).toContain("@second");
  });
});

describe("pricing what is not text", () => {
  it("an image or a file weighs on the seat's price instead of counting as nothing", () => {
    const tokens = new TokenCounters();
    const entry = { id: "priced", provider: "openai" as const, tokenizer: "o200k_base" as const };
    const text = new Conversation(
      "c4",
      { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
      true,
      128_000,
      0.92,
    ).addUser([Parts.text("Caption this.")]);
    const image = new Conversation(
      "c5",
      { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" },
      true,
      128_000,
      0.92,
    ).addUser([
      Parts.image("image/png", { kind: "base64", data: "iVBORw0KGgo=" }),
      Parts.text("Caption this."),
    ]);
    const plain = tokens.countRequest(entry, renderRequest(text, NATIVE));
    expect(tokens.countRequest(entry, renderRequest(image, NATIVE)) - plain).toBe(1_600);
    expect(Parts.file("application/pdf", "claims.pdf", "A".repeat(40_000)).tokens).toBe(1_000); // 30,000 bytes
  });
});
